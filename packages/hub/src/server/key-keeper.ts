import type { HubKeySet, HubStore } from '../store/hub-store.js'
import { generateKeySet, rotateKeySet } from '../store/key-set.js'

/** How often `rotate` retries when other replicas keep changing the key set under it. */
const MAX_ROTATE_ATTEMPTS = 5

/**
 * Rotates the signing key in `store` (compare-and-set, retried when another replica changed
 * the set first) and returns the new set. The replaced key stays published for
 * `retainSeconds`, so tokens it signed keep verifying; running hubs adopt the new set at their
 * next re-read.
 */
export async function rotateStoredKeys(store: HubStore, retainSeconds: number): Promise<HubKeySet> {
  for (let attempt = 0; attempt < MAX_ROTATE_ATTEMPTS; attempt++) {
    const base = await store.keys(generateKeySet)
    const next = await rotateKeySet(base, { retainSeconds })
    if (await store.replaceKeys(next, base.version)) return next
  }
  throw new Error(
    `The hub's keys could not be rotated: the key set in ${store.location} changed under each of ${MAX_ROTATE_ATTEMPTS} attempts`,
  )
}

/** Options of {@link startKeyKeeper}. */
export interface KeyKeeperOptions {
  store: HubStore
  /** How long a replaced key stays published: the longest token lifetime, plus margin. */
  retainSeconds: number
  /** How often the store is re-read, to follow rotations made by other replicas. */
  refreshSeconds: number
  /** Called with every newer key set, once it is the current one. */
  onChange: (keySet: HubKeySet) => void
  log: (message: string) => void
}

/** The hub's key set, kept in step with the store. */
export interface KeyKeeper {
  readonly current: HubKeySet
  /** Rotates the signing key in the store (compare-and-set) and adopts the result. */
  rotate(): Promise<void>
  stop(): void
}

/**
 * Loads the key set from the store (the first replica to start creates it), re-reads it every
 * `refreshSeconds` without keeping the process alive, and adopts any newer version.
 */
export async function startKeyKeeper(options: KeyKeeperOptions): Promise<KeyKeeper> {
  const { store, log } = options
  let current = await store.keys(generateKeySet)
  let refreshing = false

  const adopt = (keySet: HubKeySet): void => {
    if (keySet.version <= current.version) return
    current = keySet
    options.onChange(keySet)
  }

  const timer = setInterval(async () => {
    if (refreshing) return
    refreshing = true
    try {
      adopt(await store.keys(generateKeySet))
    } catch (error) {
      log(`portico hub: the key set could not be re-read from ${store.location}: ${String(error)}`)
    } finally {
      refreshing = false
    }
  }, options.refreshSeconds * 1000)
  timer.unref()

  return {
    get current() {
      return current
    },
    async rotate() {
      adopt(await rotateStoredKeys(store, options.retainSeconds))
    },
    stop() {
      clearInterval(timer)
    },
  }
}
