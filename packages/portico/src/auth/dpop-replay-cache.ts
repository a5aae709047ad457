/** Options of {@link createDpopReplayCache}. */
export interface DpopReplayCacheOptions {
  /** How long after its `iat` a proof stays acceptable, in seconds: its entry lives that long. */
  lifetimeSeconds: number
  /** Most proofs remembered at once; default 100,000 (about 15 MB). */
  maxEntries?: number
  /** The clock, in milliseconds; default `Date.now`. */
  now?: () => number
}

/** The proofs seen within their lifetime (RFC 9449 §11.1), bounded in memory. */
export interface DpopReplayCache {
  /**
   * Records the proof `key` (its key thumbprint and `jti`) issued at `iat` (seconds) and returns
   * true, or returns false when it was seen already or is older than proofs the cache had to
   * forget (its replay could no longer be told apart).
   */
  remember(key: string, iat: number): boolean
}

/**
 * A replay cache for DPoP proofs in one process. Entries expire `lifetimeSeconds` after their
 * `iat`. When full, the oldest entry is forgotten and every proof issued no later than it is
 * refused from then on, so memory stays bounded without ever letting a replay through; honest
 * clients sign a fresh proof per request and are not affected. Replicas each keep their own: a
 * proof replayed to another replica is caught only by its short lifetime.
 */
export function createDpopReplayCache(options: DpopReplayCacheOptions): DpopReplayCache {
  const maxEntries = options.maxEntries ?? 100_000
  const now = options.now ?? Date.now
  const lifetimeMs = options.lifetimeSeconds * 1000
  /** Key → `iat` in seconds; Map order is arrival order, close to `iat` order. */
  const seen = new Map<string, number>()
  let forgottenUpTo = Number.NEGATIVE_INFINITY

  const sweep = () => {
    const oldestKept = now() - lifetimeMs
    for (const [key, iat] of seen) {
      if (iat * 1000 >= oldestKept) break
      seen.delete(key)
    }
  }

  return {
    remember(key, iat) {
      sweep()
      if (iat <= forgottenUpTo || seen.has(key)) return false
      if (seen.size >= maxEntries) {
        const [oldestKey, oldestIat] = seen.entries().next().value as [string, number]
        seen.delete(oldestKey)
        forgottenUpTo = Math.max(forgottenUpTo, oldestIat)
        if (iat <= forgottenUpTo) return false
      }
      seen.set(key, iat)
      return true
    },
  }
}
