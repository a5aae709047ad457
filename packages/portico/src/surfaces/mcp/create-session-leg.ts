import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server'
import { logger } from '../../core/logger.js'
import type { PorticoCaller } from '../../core/plugin-context.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { toAuthInfo } from './caller-auth-info.js'
import type { SdkLegOptions } from './create-sdk-leg.js'
import { createSdkServerFactory } from './create-sdk-server-factory.js'
import { isLegacyEra } from './is-legacy-era.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import { type McpEventStore, toSdkEventStore } from './mcp-event-store.js'
import { refuseBatch } from './refuse-batch.js'
import { withBothAccepted } from './with-both-accepted.js'

/** One stateful session of the 2025 revisions: an SDK server and its transport, kept. */
/** How long a client waits before it resumes a lost stream. */
const RECONNECT_AFTER_MS = 1_000

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
  close(): Promise<void>
}

/** What opens a session: see {@link SessionLeg.open}. */
export interface SessionOpening {
  /** The id the session gets, chosen beforehand so that its events are stored under it. */
  id: string
  /** The `initialize` request: widget pages name its origin. */
  request: Request
  caller: PorticoCaller | undefined
  /** Answer POSTs as SSE streams (the client accepts them) rather than JSON bodies. */
  streams: boolean
  /** Called once the session has ended, however it ended (`DELETE`, expiry, the app closing). */
  onClosed(): void
}

/** The SDK's side of the stateful sessions of one MCP server. */
export interface SessionLeg {
  /** Whether a POSTed request is of the 2025 revisions (2026-07-28 has no sessions). */
  isLegacy(request: Request, parsedBody: unknown): Promise<boolean>
  /** A new session, connected in the background: `handle` waits for it. */
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
    open({ id, request, caller, streams, onClosed }) {
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        enableJsonResponse: !streams,
        eventStore: toSdkEventStore(eventStore, id),
        // SSE's `retry:` on each stream's priming event: how soon a client that lost a stream
        // reconnects with `Last-Event-ID` (SEP-1699).
        retryInterval: RECONNECT_AFTER_MS,
        maxRequestBodySize,
      })
      // Set before `connect`, which keeps it and calls it ahead of the server's own.
      transport.onclose = () => {
        onClosed()
        eventStore.deleteSession(id).catch((error: unknown) => {
          logger.error('Dropping the events of an MCP session failed:', error)
        })
      }
      const server = factory({
        era: 'legacy',
        ...(caller ? { context: caller } : {}),
        origin: originOf(request),
      })
      const connected = server.connect(transport)
      return {
        async handle(request, parsedBody, caller) {
          const refused = refuseBatch(request, parsedBody)
          if (refused) return refused
          await connected
          const bodyRead = parsedBody !== undefined
          return transport.handleRequest(
            request.method === 'POST' ? withBothAccepted(request, bodyRead) : request,
            {
              ...(bodyRead ? { parsedBody } : {}),
              ...(caller ? { authInfo: toAuthInfo(caller) } : {}),
            },
          )
        },
        get initialized() {
          return transport.sessionId !== undefined
        },
        close: () => server.close(),
      }
    },
  }
}
