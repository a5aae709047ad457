/** Whether a bucket had a token to take, or how long until it has one. */
export type TokenTake = { ok: true } | { ok: false; retryAfterSeconds: number }

/** The size and refill rate of every bucket. */
export interface TokenBucketsOptions {
  /** Tokens a full bucket holds: how many requests may come at once. */
  capacity: number
  /** Tokens a bucket regains per minute, continuously. */
  perMinute: number
  /** Buckets kept at most; past it the oldest is dropped (it only forgets a debt). */
  maxBuckets?: number
}

/** Token buckets by key (a client address), each starting full. */
export interface TokenBuckets {
  take(key: string, now?: number): TokenTake
}

/**
 * Creates token buckets: each key may spend `capacity` tokens at once and regains `perMinute`
 * a minute. A bucket that refilled is forgotten, so only keys in debt take memory.
 *
 * @example
 * const buckets = createTokenBuckets({ capacity: 10, perMinute: 10 })
 * if (!buckets.take('203.0.113.7').ok) answer429()
 */
export function createTokenBuckets(options: TokenBucketsOptions): TokenBuckets {
  const { capacity, perMinute, maxBuckets = 10_000 } = options
  const perMs = perMinute / 60_000
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key, now = Date.now()) {
      const bucket = buckets.get(key)
      const tokens =
        bucket === undefined
          ? capacity
          : Math.min(capacity, bucket.tokens + (now - bucket.at) * perMs)
      buckets.delete(key)
      if (tokens < 1) {
        buckets.set(key, { tokens, at: now })
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) }
      }
      for (const [oldest, { tokens: left, at }] of buckets) {
        if (buckets.size < maxBuckets && left + (now - at) * perMs < capacity) break
        buckets.delete(oldest)
      }
      buckets.set(key, { tokens: tokens - 1, at: now })
      return { ok: true }
    },
  }
}
