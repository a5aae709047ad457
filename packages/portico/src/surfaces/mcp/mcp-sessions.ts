import { randomUUID } from 'node:crypto'
import type { PorticoCaller } from '../../core/plugin-context.js'
import { onBodyEnd } from '../../http/on-body-end.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { McpSession, SessionLeg, SessionLegOptions } from './create-session-leg.js'
import { jsonRpcErrorResponse } from './json-rpc-error.js'
import { lazyPerServer } from './lazy-per-server.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import type { McpEventStore } from './mcp-event-store.js'
import { createMemoryEventStore } from './memory-event-store.js'
import { acceptsEventStream } from './negotiate-answer-media.js'
import { createSessionRegistry } from './session-registry.js'

/** Options of {@link createMcpSessions}. */
export interface McpSessionsOptions extends Omit<SessionLegOptions, 'eventStore'> {
  /** Where sessions keep their streams' events; default: in memory, bounded. */
  eventStore?: McpEventStore
  /** Closes every session when aborted: the app is closing. */
  signal?: AbortSignal
}

/**
 * The stateful sessions of the 2025 revisions (`mcp.sessions: 'stateful'`), in front of the
 * hot path and the SDK leg: each method answers a request the route has admitted (Host,
 * Origin, token).
 */
export interface McpSessions {
  /**
   * A request of another method than POST: `GET` opens the session's stream (replaying from
   * `Last-Event-ID`), `DELETE` ends the session, anything else is 405.
   */
  serve(server: string, request: Request, caller: PorticoCaller | undefined): Promise<Response>
  /**
   * A POSTed request whose body the route has read: for the 2025 revisions, the answer of its
   * session (`initialize` opens one); `undefined` for 2026-07-28, which has no sessions.
   */
  servePost(
    server: string,
    request: Request,
    parsedBody: unknown,
    caller: PorticoCaller | undefined,
  ): Promise<Response | undefined>
}

const ALLOW_SESSION_METHODS = { allow: 'GET, POST, DELETE, OPTIONS' }

/**
 * The sessions of one app, across its MCP servers (one limit for the process, and a session
 * answers only on the server that opened it). A session is bound to its user: a request on it
 * with another user's token is answered as if the id were unknown (404), as is an expired or
 * ended one, so that clients open a new one (the spec's rule). The SDK loads with the first
 * request that needs it.
 */
export function createMcpSessions(
  catalogs: Map<string, McpServerCatalog>,
  runtime: ToolRuntime,
  options: McpSessionsOptions,
): McpSessions {
  const { limits } = runtime.model.config
  const legOptions = { ...options, eventStore: options.eventStore ?? createMemoryEventStore() }
  const legs = lazyPerServer(catalogs, (catalog) =>
    import('./create-session-leg.js').then(({ createSessionLeg }) =>
      createSessionLeg(catalog, runtime, legOptions),
    ),
  )
  const registry = createSessionRegistry<McpSession>({
    maxSessions: limits.mcpSessions,
    idleMs: limits.mcpSessionIdleMs,
  })
  options.signal?.addEventListener('abort', () => void registry.closeAll(), { once: true })

  /** Serves a request of a session, which is busy until its answer (a stream, say) ends. */
  const serveIn = async (id: string, answer: () => Promise<Response>): Promise<Response> => {
    const done = registry.begin(id)
    try {
      return onBodyEnd(await answer(), done)
    } catch (error) {
      done()
      throw error
    }
  }
  const serveExisting = (
    server: string,
    id: string,
    request: Request,
    parsedBody: unknown,
    caller: PorticoCaller | undefined,
  ) => {
    const session = registry.find(id, server, caller?.uid)
    if (!session) return Promise.resolve(jsonRpcErrorResponse(404, -32001, 'Session not found'))
    return serveIn(id, () => session.handle(request, parsedBody, caller))
  }
  const open = async (
    leg: SessionLeg,
    server: string,
    request: Request,
    parsedBody: unknown,
    caller: PorticoCaller | undefined,
  ) => {
    if (!registry.hasRoom()) {
      return jsonRpcErrorResponse(
        503,
        -32000,
        'Service Unavailable: too many open sessions, retry later',
        { 'retry-after': String(registry.retryAfterSeconds()) },
      )
    }
    const id = randomUUID()
    const session = leg.open({
      id,
      request,
      caller,
      streams: acceptsEventStream(request.headers.get('accept')),
      onClosed: () => registry.forget(id),
    })
    registry.add(id, { server, uid: caller?.uid, session })
    try {
      return await serveIn(id, () => session.handle(request, parsedBody, caller))
    } finally {
      // Refused (a bad version header, a batch around it) or failed: no session came of it.
      if (!session.initialized) await session.close()
    }
  }

  return {
    serve(server, request, caller) {
      if (request.method !== 'GET' && request.method !== 'DELETE') {
        return Promise.resolve(
          jsonRpcErrorResponse(405, -32000, 'Method not allowed.', ALLOW_SESSION_METHODS),
        )
      }
      const id = request.headers.get('mcp-session-id')
      if (id === null) return Promise.resolve(sessionIdRequired())
      return serveExisting(server, id, request, undefined, caller)
    },
    async servePost(server, request, parsedBody, caller) {
      const leg = (await legs()).get(server) as SessionLeg
      if (!(await leg.isLegacy(request, parsedBody))) return undefined
      const id = request.headers.get('mcp-session-id')
      if (id !== null) return serveExisting(server, id, request, parsedBody, caller)
      if (!hasInitialize(parsedBody)) return sessionIdRequired()
      return open(leg, server, request, parsedBody, caller)
    },
  }
}

/** What a session's request without its id gets (the SDK's answer, which the spec asks for). */
function sessionIdRequired(): Response {
  return jsonRpcErrorResponse(400, -32000, 'Bad Request: Mcp-Session-Id header is required')
}

/** Whether a body holds an `initialize` request (alone, or in a batch the transport refuses). */
function hasInitialize(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body]
  return messages.some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'initialize',
  )
}
