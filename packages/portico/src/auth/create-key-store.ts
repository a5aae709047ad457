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
  /** The `kid`s the set lists. */
  kids: ReadonlySet<string>
  /** The number of the fetch that brought the set, counting from 1 in the order they began. */
  fetchNumber: number
  fetchedAt: number
}

const FAILURE = "The issuer's signing keys are unavailable"
const NOT_FETCHED_YET = 'The token is signed with a key not fetched yet from the issuer'
/** `Retry-After` counts whole seconds: a cool-down ending sooner is waited for, not refused. */
const MAX_WAIT_MS = 1000
/** Unknown `kid`s remembered, and their longest length: a spray of random ones stays small. */
const MAX_MET_KIDS = 1024
const MAX_KID_LENGTH = 256

/**
 * A JWKS cache with exact rules, on jose's local key set: at most one fetch per cool-down,
 * counted from the end of the last attempt whatever its outcome, and concurrent needs share
 * one fetch. Keys older than `maxAgeMs` serve while a background fetch replaces them, up to
 * `maxStaleMs` after the last success, so a provider outage does not refuse valid tokens.
 *
 * A token naming an unknown `kid` triggers a fetch (a rotation may have published it) when the
 * cool-down allows. When it forbids one, the token is refused as unknown (401) only if a
 * successful fetch began after the `kid` was first met (in a token, or in an earlier key set)
 * and lacks it. Otherwise the key may be newer than the keys held: the store waits for a
 * cool-down ending within a second and fetches, else rejects with {@link KeysUnavailableError}
 * (503) until the cool-down ends, since clients drop a token answered 401. Tokens of known
 * keys never wait, and fetches stay at one per cool-down however many `kid`s are sprayed.
 * Without usable keys, `getKey` rejects with {@link KeysUnavailableError}, its
 * `retryAfterSeconds` when the next attempt may be made.
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
  /** Fetches begun so far: a count orders them where milliseconds would tie. */
  let fetchesBegun = 0
  /** Unknown `kid`s, each with `fetchesBegun` when it was first met; oldest first. */
  const metKids = new Map<string, number>()

  const cooldownLeftMs = (): number => lastAttemptEnd + options.cooldownMs - Date.now()
  const coolingDown = (): boolean => cooldownLeftMs() > 0

  /**
   * How many fetches had begun when `kid` was first met, remembering `begun` for it if it is
   * new: a fetch numbered higher began after a token naming it was at hand.
   */
  const meet = (kid: string, begun: number): number => {
    const met = metKids.get(kid)
    if (met !== undefined) return met
    // Forgetting a kid only turns its next 401 into a 503 until the next fetch: safe.
    if (kid.length > MAX_KID_LENGTH) return begun
    if (metKids.size >= MAX_MET_KIDS) metKids.delete(metKids.keys().next().value as string)
    metKids.set(kid, begun)
    return begun
  }

  const attempt = async (): Promise<KeySet> => {
    const fetchNumber = ++fetchesBegun
    try {
      const jwksUri = await options.resolveJwksUri()
      const jwks = await fetchIssuerJson(jwksUri, {
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
        failure: FAILURE,
      })
      // jose checks the shape: anything but a key set throws, and counts as a failed fetch.
      const getKey = createLocalJWKSet(jwks as JSONWebKeySet)
      const listed = (jwks as JSONWebKeySet).keys
      const kids = new Set(listed.flatMap((key) => (typeof key.kid === 'string' ? [key.kid] : [])))
      // A retired key was met when its set was fetched: a token of it is unknown for good.
      for (const kid of current?.kids ?? []) {
        if (!kids.has(kid)) meet(kid, current?.fetchNumber ?? 0)
      }
      current = { getKey, kids, fetchNumber, fetchedAt: Date.now() }
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
    const message = isPorticoError(cause) ? cause.message : FAILURE
    return new KeysUnavailableError(message, Math.max(1, Math.ceil(cooldownLeftMs() / 1000)), cause)
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
      const begunBefore = fetchesBegun
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
        const met = meet(header.kid ?? '', begunBefore)
        let waited = false
        for (;;) {
          if (pending === undefined && coolingDown()) {
            // A fetch begun after the kid was met lacks it: unknown for good until the next one.
            if (lastFailure === undefined && current !== undefined && current.fetchNumber > met) {
              throw err
            }
            const leftMs = cooldownLeftMs()
            if (waited || leftMs > MAX_WAIT_MS) {
              throw lastFailure === undefined
                ? new KeysUnavailableError(NOT_FETCHED_YET, Math.max(1, Math.ceil(leftMs / 1000)))
                : unavailable(lastFailure)
            }
            waited = true
            await new Promise((resolve) => setTimeout(resolve, leftMs))
            continue
          }
          const fresh = await refreshed()
          try {
            return await fresh.getKey(header, token)
          } catch (again) {
            if (!(again instanceof errors.JWKSNoMatchingKey) || fresh.fetchNumber > met) throw again
          }
          // The fetch joined began before the kid was met, so may predate its key: go round.
        }
      }
    },
  }
}
