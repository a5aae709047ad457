import {
  type JSONRPCMessage,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import type { PorticoCaller } from '../../../core/plugin-context.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import { type McpEventStore, toSdkEventStore } from '../../../stores/mcp-event-store.js'
import type { McpSessionRecord } from '../../../stores/mcp-session-store.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import type { SdkLegOptions } from '../sdk/create-sdk-leg.js'
import { createSdkServerFactory } from '../sdk/create-sdk-server-factory.js'
import { toAuthInfo } from '../sdk/to-auth-info.js'
import { isLegacyEra } from '../wire/is-legacy-era.js'
import { refuseBatch } from '../wire/refuse-batch.js'
import { withBothAccepted } from '../wire/with-both-accepted.js'
import { leaseCalls } from './lease-calls.js'
import { relayLeasedCall } from './relay-leased-call.js'

/** How long a client waits before it resumes a lost stream. */
const RECONNECT_AFTER_MS = 1_000

/** The id of the requests a restored session replays: their answers go nowhere. */
const REPLAY_ID = 'portico-replay'

/** One stateful session of the 2025 revisions: an SDK server and its transport, kept. */
export interface McpSession {
  /**
   * Serves one request of the session (POST, GET or DELETE); `parsedBody` when the route read
   * it; `caller` is the current token's, which the session's handlers see as the request's.
   */
  handle(
    request: Request,
    parsedBody: unknown,
    caller: PorticoCaller | undefined,
  ): Promise<Response>
  /** Whether the transport issued the session's id: its `initialize` was accepted. */
  readonly initialized: boolean
  /** The level its client last asked for with `logging/setLevel`, here or in what was restored. */
  readonly logLevel: string | undefined
  /** Applies a `logging/setLevel` the client sent to another replica. */
  setLogLevel(level: string): Promise<void>
  close(): Promise<void>
}

/** What opens a session: see {@link SessionLeg.open}. */
export interface SessionOpening {
  /** The id the session gets, chosen beforehand so that its events are stored under it. */
  id: string
  /** The request that opens it (`initialize`, or one that takes it over): pages name its origin. */
  request: Request
  caller: PorticoCaller | undefined
  /** Answer POSTs as SSE streams (the client accepts them) rather than JSON bodies. */
  streams: boolean
  /** Called once the session has closed here, however it closed (`DELETE`, expiry, app closing). */
  onClosed(): void
  /**
   * A session another replica opened, taken over: its handshake (and log level) is replayed into
   * the new transport before any request of the client's.
   */
  restore?: McpSessionRecord
}

/** The SDK's side of the stateful sessions of one MCP server. */
export interface SessionLeg {
  /** Whether a POSTed request is of the 2025 revisions (2026-07-28 has no sessions). */
  isLegacy(request: Request, parsedBody: unknown): Promise<boolean>
  /** A new session, connected (and restored) in the background: `handle` waits for it. */
  open(opening: SessionOpening): McpSession
}

/** Options of {@link createSessionLeg}. */
export interface SessionLegOptions extends SdkLegOptions {
  eventStore: McpEventStore
}

/**
 * Builds the sessions of one MCP server: one `McpServer` per session from the server factory
 * every leg uses, on the SDK's 2025 transport with a session id, the event store (resumable
 * streams) and SSE answers, so that what a handler sends during a request (notifications,
 * elicitation, sampling) reaches the client on that request's stream. Loads the SDK: imported
 * lazily, like the SDK leg.
 */
export async function createSessionLeg(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: SessionLegOptions,
): Promise<SessionLeg> {
  const { originOf, eventStore } = options
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const factory = await createSdkServerFactory(catalog, runtime, options)
  return {
    isLegacy: (request, parsedBody) => isLegacyEra(request, parsedBody, maxRequestBodySize),
    open({ id, request, caller, streams, onClosed, restore }) {
      const calls = leaseCalls(eventStore, (streamId) => requestOfStream(transport, streamId))
      const events = watchFailures(calls.eventStore)
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        enableJsonResponse: !streams,
        eventStore: toSdkEventStore(events.store, id),
        // SSE's `retry:` on each stream's priming event: how soon a client that lost a stream
        // reconnects with `Last-Event-ID` (SEP-1699).
        retryInterval: RECONNECT_AFTER_MS,
        maxRequestBodySize,
      })
      // Set before `connect`, which keeps it and calls it ahead of the server's own.
      transport.onclose = () => {
        calls.close()
        onClosed()
      }
      const server = factory({
        era: 'legacy',
        ...(caller ? { context: caller } : {}),
        origin: originOf(request),
      })
      let logLevel = restore?.logLevel
      const ready = server
        .connect(transport)
        .then(() => (restore ? replayHandshake(transport, id, restore) : undefined))
      // A copy that cannot be restored is closed: the next request of the session tries anew.
      ready.catch(() => server.close())
      return {
        async handle(request, parsedBody, caller) {
          const refused = refuseBatch(request, parsedBody)
          if (refused) return refused
          await ready
          const relayed = await relayLeasedCall(request, {
            store: eventStore,
            sessionId: id,
            runsHere: calls.runsHere,
          })
          if (relayed) return relayed
          logLevel = logLevelSetBy(parsedBody) ?? logLevel
          const bodyRead = parsedBody !== undefined
          const failuresBefore = events.failures
          const response = await transport.handleRequest(
            request.method === 'POST' ? withBothAccepted(request, bodyRead) : request,
            {
              ...(bodyRead ? { parsedBody } : {}),
              ...(caller ? { authInfo: toAuthInfo(caller) } : {}),
            },
          )
          // The transport turns any failure before its answer into its own (a 400 "Parse error"
          // carrying the store's text, a 500 on a replay): the store's failure is the answer.
          if (events.failures !== failuresBefore && !response.ok) {
            await response.body?.cancel()
            throw events.lastFailure
          }
          return response
        },
        get initialized() {
          return transport.sessionId !== undefined
        },
        get logLevel() {
          return logLevel
        },
        async setLogLevel(level) {
          await ready
          logLevel = level
          await replay(transport, id, setLevelRequest(level))
        },
        close: () => server.close(),
      }
    },
  }
}

/** An event store whose failures are counted, the last one kept: see `handle`. */
interface WatchedEventStore {
  store: McpEventStore
  failures: number
  lastFailure: unknown
}

/** `store`, its rejections counted before they reach the SDK's transport. */
function watchFailures(store: McpEventStore): WatchedEventStore {
  const noted = <T>(pending: Promise<T>): Promise<T> =>
    pending.catch((error: unknown) => {
      watched.failures++
      watched.lastFailure = error
      throw error
    })
  const watched: WatchedEventStore = {
    failures: 0,
    lastFailure: undefined,
    store: {
      storeEvent: (...args) => noted(store.storeEvent(...args)),
      getStreamIdForEventId: (...args) => noted(store.getStreamIdForEventId(...args)),
      replayEventsAfter: (...args) => noted(store.replayEventsAfter(...args)),
      deleteSession: (...args) => noted(store.deleteSession(...args)),
    },
  }
  return watched
}

/**
 * Makes a fresh transport and server the session's, as the client made the first ones: its
 * `initialize` (the negotiated version, the client's capabilities), `notifications/initialized`
 * and its last `logging/setLevel`.
 */
async function replayHandshake(
  transport: WebStandardStreamableHTTPServerTransport,
  id: string,
  record: McpSessionRecord,
): Promise<void> {
  await replay(transport, id, {
    jsonrpc: '2.0',
    id: REPLAY_ID,
    method: 'initialize',
    params: record.initialize,
  } as JSONRPCMessage)
  await replay(transport, id, { jsonrpc: '2.0', method: 'notifications/initialized' })
  if (record.logLevel !== undefined) await replay(transport, id, setLevelRequest(record.logLevel))
}

/**
 * Feeds the transport a message the client sent before, as a POST of the session. Its answer is
 * not the client's (the client had it already): it is read to its end and dropped. Any events it
 * stored sit on a stream no client knows of, and expire with the session's.
 */
async function replay(
  transport: WebStandardStreamableHTTPServerTransport,
  id: string,
  message: JSONRPCMessage,
): Promise<void> {
  const request = new Request('http://replay.invalid/mcp', {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-session-id': id,
    },
  })
  const response = await transport.handleRequest(request, { parsedBody: message })
  await response.text()
  if (!response.ok) {
    const method = 'method' in message ? message.method : 'a response'
    throw new Error(`Restoring MCP session ${id}: ${method} was answered ${response.status}`)
  }
}

/**
 * The request a stream of the transport answers; `undefined` for its `GET` stream and for the
 * requests a restored session replays. The SDK keeps this private (`_requestToStreamMapping`,
 * set before it stores a stream's first event); it is read here only, and the lost-calls scale
 * test fails if it moves.
 */
function requestOfStream(
  transport: WebStandardStreamableHTTPServerTransport,
  streamId: string,
): string | number | undefined {
  const streams = (transport as unknown as { _requestToStreamMapping?: Map<unknown, string> })
    ._requestToStreamMapping
  for (const [requestId, id] of streams ?? []) {
    if (id !== streamId || requestId === REPLAY_ID) continue
    if (typeof requestId === 'string' || typeof requestId === 'number') return requestId
  }
  return undefined
}

function setLevelRequest(level: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id: REPLAY_ID, method: 'logging/setLevel', params: { level } }
}

/**
 * The level of the last `logging/setLevel` in a body, as the client wrote it: the SDK judges it,
 * on this replica as on any other it is replayed to.
 */
function logLevelSetBy(body: unknown): string | undefined {
  let level: string | undefined
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== 'object' || message === null) continue
    const { method, params } = message as { method?: unknown; params?: { level?: unknown } }
    if (method === 'logging/setLevel' && typeof params?.level === 'string') level = params.level
  }
  return level
}
