/** The login states already accepted. */
export interface UsedStates {
  /** True the first time `state` is claimed; false while it is remembered (a replay). */
  claim(state: string, now: number): boolean
}

/**
 * Remembers each `state` the callback accepted for `ttlSeconds` (the life of a login cookie,
 * past which the cookie is refused anyway), so that a callback captured once, cookie included,
 * cannot be played again. In memory, per process: a replay on another replica still meets
 * the authorization server's one-use code.
 */
export function createUsedStates(ttlSeconds: number): UsedStates {
  const used = new Map<string, number>()
  return {
    claim(state, now) {
      // One lifetime for all: the entries expire in the order they were added.
      for (const [key, expiresAt] of used) {
        if (expiresAt > now) break
        used.delete(key)
      }
      if (used.has(state)) return false
      used.set(state, now + ttlSeconds)
      return true
    },
  }
}
