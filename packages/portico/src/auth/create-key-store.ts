import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'
import { logger } from '../core/logger.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import { fetchIssuerJson } from './fetch-issuer-json.js'
import { KeysUnavailableError } from './keys-unavailable-error.js'

/** Options of {@link createKeyStore}. */
export interface KeyStoreOptions {
  /** Yields the JWKS URI (explicit, or discovered); its failures count as failed fetches. */
  resolveJwksUri: () => Promise<string>
  fetch: typeof fetch
  /** Least time between two fetch attempts, whatever their outcome. */
  cooldownMs: number
  /** Age after which the keys are refreshed, in the background while they may still serve. */
  maxAgeMs: number
  /** Longest the last good keys keep serving while fetches fail; older keys are not used. */
  maxStaleMs: number
  /** Longest one fetch (discovery and JWKS each) may take. */
  timeoutMs: number
}

/** The issuer's keys, as `jwtVerify` asks for them. */
export interface KeyStore {
  /**
   * Resolves the key a token names. Rejects with jose's errors for a key the issuer does not
   * list and with {@link KeysUnavailableError} when the keys cannot be had.
   */
  getKey: JWTVerifyGetKey
  /**
   * Whether keys can serve now: the last good ones are within `maxStaleMs`, or a fetch (which
   * the cool-down may forbid) succeeds. What a readiness probe asks.
   */
  usable(): Promise<boolean>
}

interface KeySet {
  getKey: ReturnType<typeof createLocalJWKSet>
  fetchedAt: number
}

const FAILURE = "The issuer's signing keys are unavailable"

/**
 * A JWKS cache with exact rules, on jose's local key set: at most one fetch per cool-down,
 * counted from the end of the last attempt whatever its outcome, and concurrent needs share
 * one fetch. Keys older than `maxAgeMs` serve while a background fetch replaces them, up to
 * `maxStaleMs` after the last success, so a provider outage does not refuse valid tokens. A
 * token naming an unknown `kid` triggers a fetch (a rotation may have published it) when the
 * cool-down allows. Without usable keys, `getKey` rejects with {@link KeysUnavailableError},
 * its `retryAfterSeconds` when the next attempt may be made.
 *
 * @example
 * import { createKeyStore } from './create-key-store.js'
 * const store = createKeyStore({ resolveJwksUri, fetch, cooldownMs: 30_000, maxAgeMs: 600_000,
 *   maxStaleMs: 86_400_000, timeoutMs: 5000 })
 * await jwtVerify(token, store.getKey)
 */
export function createKeyStore(options: KeyStoreOptions): KeyStore {
  let current: KeySet | undefined
  let pending: Promise<KeySet> | undefined
  let lastAttemptEnd = Number.NEGATIVE_INFINITY
  /** Why the latest attempt failed; undefined once one succeeds. */
  let lastFailure: PorticoError | undefined

  const coolingDown = (): boolean => Date.now() - lastAttemptEnd < options.cooldownMs

  const attempt = async (): Promise<KeySet> => {
    try {
      const jwksUri = await options.resolveJwksUri()
      const jwks = await fetchIssuerJson(jwksUri, {
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        failure: FAILURE,
      })
      // jose checks the shape: anything but a key set throws, and counts as a failed fetch.
      current = { getKey: createLocalJWKSet(jwks as JSONWebKeySet), fetchedAt: Date.now() }
      lastFailure = undefined
      return current
    } catch (cause) {
      lastFailure = isPorticoError(cause)
        ? cause
        : new PorticoError('unavailable', `${FAILURE} (invalid key set)`, { cause })
      // Once per attempt, so at most once per cool-down; no token is at hand to leak.
      logger.warn(lastFailure.message, {
        retryInSeconds: Math.ceil(options.cooldownMs / 1000),
        servingKeysFetchedAt:
          current === undefined ? null : new Date(current.fetchedAt).toISOString(),
      })
      throw lastFailure
    } finally {
      lastAttemptEnd = Date.now()
    }
  }

  const unavailable = (cause: unknown): KeysUnavailableError => {
    const waitMs = lastAttemptEnd + options.cooldownMs - Date.now()
    const message = isPorticoError(cause) ? cause.message : FAILURE
    return new KeysUnavailableError(message, Math.max(1, Math.ceil(waitMs / 1000)), cause)
  }

  /** Starts a fetch, or joins the one under way. */
  const refresh = (): Promise<KeySet> => {
    pending ??= attempt().finally(() => {
      pending = undefined
    })
    return pending
  }

  /** Fresh keys, fetched now unless the cool-down forbids it (then the last failure). */
  const refreshed = async (): Promise<KeySet> => {
    if (pending === undefined && coolingDown()) throw unavailable(lastFailure)
    try {
      return await refresh()
    } catch (cause) {
      throw unavailable(cause)
    }
  }

  return {
    async usable() {
      if (current !== undefined && Date.now() - current.fetchedAt <= options.maxStaleMs) return true
      return refreshed().then(
        () => true,
        () => false,
      )
    },
    async getKey(header, token) {
      let keys = current
      const age = keys === undefined ? Number.POSITIVE_INFINITY : Date.now() - keys.fetchedAt
      if (keys === undefined || age > options.maxStaleMs) {
        keys = await refreshed()
      } else if (age > options.maxAgeMs && pending === undefined && !coolingDown()) {
        // The failure is logged by the attempt; the stale keys serve meanwhile.
        refresh().catch(() => {})
      }
      try {
        return await keys.getKey(header, token)
      } catch (err) {
        if (!(err instanceof errors.JWKSNoMatchingKey)) throw err
        // Within the cool-down: unknown for good after a success, unknowable after a failure.
        if (pending === undefined && coolingDown()) {
          if (lastFailure === undefined) throw err
          throw unavailable(lastFailure)
        }
        return (await refreshed()).getKey(header, token)
      }
    },
  }
}
