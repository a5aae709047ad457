import { logger } from '../../../core/logger.js'
import { processCounts } from '../../../core/process-counts.js'

/** What the registry needs of a session: a way to end it. */
export interface ClosableSession {
  close(): Promise<void>
}

/** One open session and whom it belongs to. */
export interface RegisteredSession<S extends ClosableSession> {
  /** The MCP server it was opened on: `''` for `/mcp`, else the name of `/mcp/<name>`. */
  server: string
  /** The user who opened it (the token's `sub`); `undefined` in mode anon. */
  uid: string | undefined
  /** The address of the client that opened it (see `clientAddressOf`), when known. */
  client?: string | undefined
  session: S
}

/** Options of {@link createSessionRegistry}. */
export interface SessionRegistryOptions {
  /** Most sessions open at once (`limits.mcpSessions`). */
  maxSessions: number
  /** How long a session may sit unused before it is closed (`limits.mcpSessionIdleMs`). */
  idleMs: number
  /**
   * Called at each check for every session in use (a long call, an open stream): a store shared
   * by replicas pushes back its expiry there, as it does on each request.
   */
  onInUse?(id: string): void
}

/**
 * The open sessions of one app, by id: how many there may be, who may use each one, and when
 * an unused one is closed. Knows nothing of MCP: a session is anything with `close`.
 */
export interface SessionRegistry<S extends ClosableSession> {
  /** Whether a new session may open now: under the limit, and the app is not closing. */
  hasRoom(): boolean
  /** How many open sessions `client` opened here (`limits.mcpSessionsPerClient`). */
  heldBy(client: string): number
  /** Registers a session that is opening, so that it counts against the limit at once. */
  add(id: string, entry: RegisteredSession<S>): void
  /**
   * The session `id` names if it was opened on `server` by `uid`; `undefined` otherwise, alike
   * for an id never issued, an expired one and another user's, so that ids cannot be probed.
   */
  find(id: string, server: string, uid: string | undefined): S | undefined
  /**
   * Marks a request or a stream of session `id` as begun (it is not idle while one is open);
   * call what it answers when that ends.
   */
  begin(id: string): () => void
  /** Forgets a session that ended by itself (`DELETE`); closing it is the caller's. */
  forget(id: string): void
  /** Closes a session that ended elsewhere (another replica took its `DELETE`), if open here. */
  close(id: string): Promise<void>
  /**
   * Seconds until the next unused session expires (of `client`'s, when given): the
   * `Retry-After` of a refusal at the limit.
   */
  retryAfterSeconds(client?: string): number
  /** Closes every session and opens no more: the app is closing. */
  closeAll(): Promise<void>
}

interface Tracked<S extends ClosableSession> extends RegisteredSession<S> {
  /** Requests and streams of the session under way. */
  busy: number
  /** When the last of them began or ended (`performance.now()`). */
  lastUsed: number
}

/**
 * Creates a {@link SessionRegistry}. Unused sessions are closed by a timer that runs only while
 * sessions are open and never keeps the process alive (`unref`), checking four times per idle
 * period (at most every 30 s), so a session lives from `idleMs` to 1.25 × `idleMs` unused.
 */
export function createSessionRegistry<S extends ClosableSession>(
  options: SessionRegistryOptions,
): SessionRegistry<S> {
  const { maxSessions, idleMs, onInUse } = options
  const sweepEveryMs = Math.min(Math.max(idleMs / 4, 25), 30_000)
  const sessions = new Map<string, Tracked<S>>()
  let sweeper: ReturnType<typeof setInterval> | undefined
  let closing = false

  const forget = (id: string) => {
    if (sessions.delete(id)) processCounts.mcpSessions -= 1
  }
  const close = (id: string, tracked: Tracked<S>) => {
    forget(id)
    return tracked.session.close().catch((error: unknown) => {
      logger.error('Closing an MCP session failed:', error)
    })
  }
  const sweep = () => {
    const now = performance.now()
    for (const [id, tracked] of sessions) {
      if (tracked.busy > 0) onInUse?.(id)
      else if (now - tracked.lastUsed >= idleMs) void close(id, tracked)
    }
    stopWhenEmpty()
  }
  const stopWhenEmpty = () => {
    if (sessions.size > 0 || sweeper === undefined) return
    clearInterval(sweeper)
    sweeper = undefined
  }

  return {
    hasRoom: () => !closing && sessions.size < maxSessions,
    heldBy(client) {
      let held = 0
      for (const tracked of sessions.values()) if (tracked.client === client) held += 1
      return held
    },
    add(id, entry) {
      if (!sessions.has(id)) processCounts.mcpSessions += 1
      sessions.set(id, { ...entry, busy: 0, lastUsed: performance.now() })
      sweeper ??= setInterval(sweep, sweepEveryMs).unref()
    },
    find(id, server, uid) {
      const tracked = sessions.get(id)
      return tracked?.server === server && tracked.uid === uid ? tracked.session : undefined
    },
    begin(id) {
      const tracked = sessions.get(id)
      if (!tracked) return () => {}
      tracked.busy += 1
      tracked.lastUsed = performance.now()
      let ended = false
      return () => {
        if (ended) return
        ended = true
        tracked.busy -= 1
        tracked.lastUsed = performance.now()
      }
    },
    forget(id) {
      forget(id)
      stopWhenEmpty()
    },
    async close(id) {
      const tracked = sessions.get(id)
      if (tracked) await close(id, tracked)
      stopWhenEmpty()
    },
    retryAfterSeconds(client) {
      const now = performance.now()
      let soonest = idleMs
      for (const tracked of sessions.values()) {
        if (client !== undefined && tracked.client !== client) continue
        if (tracked.busy === 0) soonest = Math.min(soonest, tracked.lastUsed + idleMs - now)
      }
      return Math.max(1, Math.ceil((soonest + sweepEveryMs) / 1000))
    },
    async closeAll() {
      closing = true
      await Promise.all([...sessions].map(([id, tracked]) => close(id, tracked)))
      stopWhenEmpty()
    },
  }
}
