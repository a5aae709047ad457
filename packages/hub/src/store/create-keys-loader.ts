import type { HubKeySet } from './hub-store.js'

/** How one store reads its key set and stores a first one without overwriting another's. */
export interface KeySetSlot {
  read(): Promise<HubKeySet | undefined>
  /** Stores `set` unless a set is already stored (then leaves the stored one). */
  storeIfAbsent(set: HubKeySet): Promise<void>
}

/**
 * `HubStore.keys` over a slot: the stored set, or the one that won the race to be stored first.
 * Calls made while a `create()` is running share it, so one store runs `create()` at most once
 * per race; replicas that lose the race discard theirs and return the winner's.
 */
export function createKeysLoader(
  slot: KeySetSlot,
): (create: () => Promise<HubKeySet>) => Promise<HubKeySet> {
  let creating: Promise<void> | undefined
  return async (create) => {
    const stored = await slot.read()
    if (stored) return stored
    creating ??= create()
      .then((created) => slot.storeIfAbsent(created))
      .finally(() => {
        creating = undefined
      })
    await creating
    const winner = await slot.read()
    if (!winner) throw new Error('The key set was stored but cannot be read back')
    return winner
  }
}
