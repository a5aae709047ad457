import { randomUUID } from 'node:crypto'
import { logger } from '../../../core/logger.js'
import type { PorticoCaller } from '../../../core/plugin-context.js'
import { fetchRequestId } from '../../../core/request-id.js'
import { clientAddressOf } from '../../../http/client-address.js'
import { onBodyEnd } from '../../../http/on-body-end.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import { createMemoryEventStore } from '../../../stores/create-memory-event-store.js'
import type { McpEventStore } from '../../../stores/mcp-event-store.js'
import type { McpSessionRecord, McpSessionStore } from '../../../stores/mcp-session-store.js'
import { isStoreUnavailable } from '../../../stores/session-store-unavailable.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import { lazyPerServer } from '../catalog/lazy-per-server.js'
import { jsonRpcErrorResponse } from '../wire/json-rpc-error-response.js'
import type { McpExchange } from '../wire/mcp-leg.js'
import { acceptsEventStream } from '../wire/negotiate-answer-media.js'
import type { McpSession, SessionLeg, SessionLegOptions } from './create-session-leg.js'
import { createSessionRegistry } from './create-session-registry.js'

/** Options of {@link createMcpSessions}. */
export interface McpSessionsOptions extends Omit<SessionLegOptions, 'eventStore'> {
  /** Where sessions keep their streams' events; default: in memory, bounded. */
  eventStore?: McpEventStore
  /**
   * Where replicas share their sessions, so that any of them serves any request of one; without
   * it, a session lives in the process that opened it.
   */
  sessionStore?: McpSessionStore
  /** Closes every session held here when aborted: the app is closing. */
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
   * The route's first leg: a POSTed request whose body the route has read, for the 2025
   * revisions answered by its session (`initialize` opens one); `undefined` for 2026-07-28,
   * which has no sessions.
   */
  servePost(exchange: McpExchange): Promise<Response | undefined>
}

/** A request of an existing session, as the route admitted it. */
interface SessionRequest {
  server: string
  /** Its `Mcp-Session-Id`. */
  id: string
  request: Request
  /** The body, when the route read it (POST). */
  parsedBody: unknown
  caller: PorticoCaller | undefined
}

const ALLOW_SESSION_METHODS = { allow: 'GET, POST, DELETE, OPTIONS' }

/** The ids this server issues (`randomUUID`): no other id is worth a look in a shared store. */
const ISSUED_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The sessions of one app, across its MCP servers (one limit for the process, and a session
 * answers only on the server that opened it). A session is bound to its user: a request on it
 * with another user's token is answered as if the id were unknown (404), as is an expired or
 * ended one, so that clients open a new one (the spec's rule). The SDK loads with the first
 * request that needs it.
 *
 * With a shared `sessionStore`, every request of a session first reads its record there (which
 * renews its idle expiry): a replica that does not hold the session takes it over by replaying
 * its handshake into a new transport, one that holds it finds out there whether it ended
 * elsewhere, and a log level set through another replica is applied. `DELETE` ends the session
 * for all; closing one here (its idle expiry, the app closing) leaves it to the others.
 */
export function createMcpSessions(
  catalogs: Map<string, McpServerCatalog>,
  runtime: ToolRuntime,
  options: McpSessionsOptions,
): McpSessions {
  const { limits, server: serverConfig } = runtime.model.config
  const { sessionStore } = options
  const eventStore = options.eventStore ?? createMemoryEventStore()
  const legOptions = { ...options, eventStore }
  const legs = lazyPerServer(catalogs, (catalog) =>
    import('./create-session-leg.js').then(({ createSessionLeg }) =>
      createSessionLeg(catalog, runtime, legOptions),
    ),
  )
  const registry = createSessionRegistry<McpSession>({
    maxSessions: limits.mcpSessions,
    idleMs: limits.mcpSessionIdleMs,
    ...(sessionStore
      ? { onInUse: (id: string) => void sessionStore.touch(id).catch(logFailure('Renewing')) }
      : {}),
  })
  options.signal?.addEventListener('abort', () => void registry.closeAll(), { once: true })

  const dropEvents = (id: string) =>
    eventStore.deleteSession(id).catch(logFailure('Dropping the events of'))
  /** A session closed here: alone, it has ended; shared, the other replicas go on serving it. */
  const onClosed = (id: string) => {
    registry.forget(id)
    if (!sessionStore) void dropEvents(id)
  }

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
  const serveHeld = ({ server, id, request, parsedBody, caller }: SessionRequest) => {
    const session = registry.find(id, server, caller?.uid)
    if (!session) return Promise.resolve(sessionNotFound())
    return serveIn(id, () => session.handle(request, parsedBody, caller))
  }
  /** Takes over a session another replica opened, within this process's limit. */
  const adopt = async (id: string, record: McpSessionRecord, by: SessionRequest) => {
    const leg = (await legs()).get(record.server) as SessionLeg
    // Another request of the session may have taken it over while the SDK loaded.
    const held = registry.find(id, record.server, record.uid)
    if (held || !registry.hasRoom()) return held
    const session = leg.open({
      id,
      request: by.request,
      caller: by.caller,
      streams: record.streams,
      onClosed: () => onClosed(id),
      restore: record,
    })
    registry.add(id, { server: record.server, uid: record.uid, session })
    return session
  }
  const serveShared = async (store: McpSessionStore, sessionRequest: SessionRequest) => {
    const { server, id, request, parsedBody, caller } = sessionRequest
    const record = ISSUED_ID.test(id) ? await store.find(id) : undefined
    if (!record) {
      // Ended through another replica, or expired: a copy held here goes too.
      await registry.close(id)
      return sessionNotFound()
    }
    if (record.server !== server || record.uid !== caller?.uid) return sessionNotFound()
    const session =
      registry.find(id, server, record.uid) ?? (await adopt(id, record, sessionRequest))
    if (!session) return tooManySessions(registry.retryAfterSeconds())
    if (record.logLevel !== undefined && record.logLevel !== session.logLevel) {
      await session.setLogLevel(record.logLevel)
    }
    const response = await serveIn(id, () => session.handle(request, parsedBody, caller))
    // A level once set is never unset, so an unset one has nothing to store.
    const { logLevel } = session
    if (logLevel !== undefined && logLevel !== record.logLevel) {
      await store.update(id, { ...record, logLevel })
    }
    if (request.method === 'DELETE' && response.ok) {
      await Promise.all([store.delete(id), dropEvents(id)])
    }
    return response
  }
  const serveExisting = (sessionRequest: SessionRequest) =>
    sessionStore ? serveShared(sessionStore, sessionRequest) : serveHeld(sessionRequest)
  const open = async (
    leg: SessionLeg,
    server: string,
    request: Request,
    parsedBody: unknown,
    caller: PorticoCaller | undefined,
  ) => {
    if (!registry.hasRoom()) return tooManySessions(registry.retryAfterSeconds())
    const client = clientAddressOf(request, serverConfig.trustProxy)
    if (client !== undefined && registry.heldBy(client) >= limits.mcpSessionsPerClient) {
      return tooManyClientSessions(limits.mcpSessionsPerClient, registry.retryAfterSeconds(client))
    }
    const id = randomUUID()
    const streams = acceptsEventStream(request.headers.get('accept'))
    const session = leg.open({ id, request, caller, streams, onClosed: () => onClosed(id) })
    registry.add(id, { server, uid: caller?.uid, client, session })
    let response: Response
    try {
      response = await serveIn(id, () => session.handle(request, parsedBody, caller))
      if (session.initialized && sessionStore) {
        await sessionStore.create(id, {
          server,
          ...(caller ? { uid: caller.uid } : {}),
          initialize: initializeParamsOf(parsedBody),
          streams,
        })
      }
    } catch (error) {
      await session.close()
      throw error
    }
    // Refused (a bad version header, a batch around it): no session came of it.
    if (!session.initialized) await session.close()
    return response
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
      return serveExisting({ server, id, request, parsedBody: undefined, caller }).catch(
        (error: unknown) => answerStoreFailure(error, request, serverConfig.trustProxy),
      )
    },
    async servePost({ server, request, parsedBody, caller }) {
      const leg = (await legs()).get(server) as SessionLeg
      if (!(await leg.isLegacy(request, parsedBody))) return undefined
      const id = request.headers.get('mcp-session-id')
      const answer =
        id !== null
          ? serveExisting({ server, id, request, parsedBody, caller })
          : hasInitialize(parsedBody)
            ? open(leg, server, request, parsedBody, caller)
            : Promise.resolve(sessionIdRequired())
      return answer.catch((error: unknown) =>
        answerStoreFailure(error, request, serverConfig.trustProxy),
      )
    },
  }
}

/** How soon a request that met the session store down may come again. */
const STORE_RETRY_AFTER_SECONDS = 1

/**
 * The one answer to a request of a stateful session that the shared stores failed (Redis down,
 * paused past the command timeout, out of memory): 503, `Retry-After`, a JSON-RPC internal error
 * without the store's words, logged with the request's id. Any other failure goes on to the
 * app's error handler.
 */
function answerStoreFailure(error: unknown, request: Request, trustProxy: boolean): Response {
  if (!isStoreUnavailable(error)) throw error
  const reason = error.cause instanceof Error ? error.cause.message : String(error.cause)
  logger.warn(`An MCP session request was answered 503, the session store failed: ${reason}`, {
    requestId: fetchRequestId(request, trustProxy),
  })
  return jsonRpcErrorResponse(
    503,
    -32603,
    'Service Unavailable: the session store is unavailable, retry later',
    { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
  )
}

/** What a request of an unknown, ended, expired or someone else's session gets. */
function sessionNotFound(): Response {
  return jsonRpcErrorResponse(404, -32001, 'Session not found')
}

/** What opening (or taking over) a session beyond `limits.mcpSessions` gets. */
function tooManySessions(retryAfterSeconds: number): Response {
  return jsonRpcErrorResponse(
    503,
    -32000,
    'Service Unavailable: too many open sessions, retry later',
    { 'retry-after': String(retryAfterSeconds) },
  )
}

/**
 * What opening a session beyond `limits.mcpSessionsPerClient` gets: 429, not the 503 of a full
 * server, because the server has room and only this client has had its share. A 503 would say
 * the server is unavailable, which retry policies and balancers act on for every client; 429
 * says this client should slow down, and its `Retry-After` is when its own next unused session
 * expires (closing one with `DELETE` frees a slot at once).
 */
function tooManyClientSessions(max: number, retryAfterSeconds: number): Response {
  return jsonRpcErrorResponse(
    429,
    -32000,
    `Too Many Requests: this client has ${max} sessions open, the most one client may hold; close one (DELETE) or retry later`,
    { 'retry-after': String(retryAfterSeconds) },
  )
}

/** Logs a failure of the stores, which the request that caused it does not wait for. */
function logFailure(doing: string): (error: unknown) => void {
  return (error) => logger.error(`${doing} an MCP session failed:`, error)
}

/** The params of the `initialize` request a session was opened with (a lone request). */
function initializeParamsOf(body: unknown): Record<string, unknown> {
  const params = (body as { params?: unknown }).params
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
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
