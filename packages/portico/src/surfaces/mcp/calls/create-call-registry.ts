/**
 * The stateless 2025 calls under way in this process, for `notifications/cancelled` to find the
 * one it names. A 2025 client cancels a call by its request id (MCP, Cancellation), and without
 * a session the id alone names no call: every client counts its ids from 0. So a call is known
 * by its caller (the authenticated subject; `''` in mode anon) and its id, and a cancel reaches
 * only a call of the caller that sent it. Where that still names several calls (two clients of
 * one subject, or any two anonymous clients, with the same id under way), the cancel is ignored
 * rather than end a call it may not mean. In mode anon, then, any client can cancel an anonymous
 * call whose id it names: anonymous callers have nothing to tell them apart. The registry is in
 * memory: a cancel reaches the call only on the replica that receives it (with sessions, the
 * session's own server cancels its calls on every replica).
 */
export interface CallRegistry {
  /**
   * Records a call of `caller` with request `id` that `abandon` ends; returns the function that
   * forgets it, once it has answered.
   */
  enter(caller: string, id: string | number, abandon: (reason: unknown) => void): () => void
  /** Abandons the one call under way of `caller` with request `id`; `false` when none or several match. */
  cancel(caller: string, id: unknown, reason: unknown): boolean
}

/** A registry of this process's calls (see {@link CallRegistry}). */
export function createCallRegistry(): CallRegistry {
  const calls = new Map<string, Set<(reason: unknown) => void>>()
  // The id's type is part of it: a request id 1 and a request id "1" are two requests.
  const keyOf = (caller: string, id: string | number) => `${caller}\0${typeof id}\0${id}`
  return {
    enter(caller, id, abandon) {
      const key = keyOf(caller, id)
      const same = calls.get(key) ?? new Set()
      calls.set(key, same)
      same.add(abandon)
      return () => {
        same.delete(abandon)
        if (same.size === 0 && calls.get(key) === same) calls.delete(key)
      }
    },
    cancel(caller, id, reason) {
      if (typeof id !== 'string' && typeof id !== 'number') return false
      const same = calls.get(keyOf(caller, id))
      if (same?.size !== 1) return false
      for (const abandon of same) abandon(reason)
      return true
    },
  }
}
