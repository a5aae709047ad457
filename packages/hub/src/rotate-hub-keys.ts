import { type HubOptions, resolveHubOptions } from './hub-options.js'
import { rotateStoredKeys } from './server/key-keeper.js'
import { createFileStore } from './store/create-file-store.js'

/** What {@link rotateHubKeys} did. */
export interface RotatedKeys {
  /** The new signing key's `kid`. */
  kid: string
  /** The keys still published besides it (until the tokens they signed have expired). */
  retiring: string[]
  /** Where the key set lives. */
  location: string
}

/**
 * Rotates the signing key of the hub whose data is in `options.store` (or `options.dataDir`),
 * without a hub running here: running hubs on that data adopt the new key at their next re-read
 * of the store (`keyRefreshSeconds`), and the old key stays published for the access-token
 * lifetime plus a minute, so tokens in flight keep verifying. Closes the store.
 */
export async function rotateHubKeys(
  options: Pick<HubOptions, 'store' | 'dataDir' | 'accessTokenTtlSeconds'> = {},
): Promise<RotatedKeys> {
  const settings = resolveHubOptions(options)
  const store = settings.store ?? (await createFileStore(settings.dataDir))
  try {
    const [current, ...retiring] = (
      await rotateStoredKeys(store, settings.accessTokenTtlSeconds + 60)
    ).signing
    return {
      kid: current?.kid ?? '',
      retiring: retiring.map((key) => key.kid),
      location: store.location,
    }
  } finally {
    await store.close()
  }
}
