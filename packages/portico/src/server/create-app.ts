import { resolve } from 'node:path'
import { type Handler, Hono } from 'hono'
import type { AuthGate } from '../auth/create-auth-gate.js'
import { LOGIN_PATH } from '../auth/login/login-paths.js'
import { loginRoutes } from '../auth/login/login-routes.js'
import { createCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import { metadataRoutes } from '../auth/metadata-routes.js'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import { fetchRequestId } from '../core/request-id.js'
import { rememberClientAddress } from '../http/client-address.js'
import { cors } from '../http/cors.js'
import { rememberLocalPort } from '../http/local-port.js'
import { originHeadersMiddleware } from '../http/origin-headers.js'
import { pathnameOf } from '../http/pathname-of.js'
import { notFoundResponse, problemResponse, toProblemDocument } from '../http/problem-response.js'
import { refuseForeignPreflight } from '../http/refuse-foreign-preflight.js'
import type { Route } from '../http/route.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import type { McpEventStore } from '../stores/mcp-event-store.js'
import type { McpNotificationBus } from '../stores/mcp-notification-bus.js'
import type { McpSessionStore } from '../stores/mcp-session-store.js'
import type { McpTaskStore } from '../stores/mcp-task-store.js'
import { docsRoutes } from '../surfaces/docs/docs-routes.js'
import { documentRoutes } from '../surfaces/documents/document-routes.js'
import { serverCardRoutes } from '../surfaces/documents/server-card-routes.js'
import {
  healthRoutes,
  type ReadinessCheck,
  type ReadinessReport,
} from '../surfaces/health/health-routes.js'
import { type McpPostAnswer, mcpRoutes } from '../surfaces/mcp/mcp-routes.js'
import { limitEventStreams } from '../surfaces/mcp/sessions/limit-event-streams.js'
import { carryAdmission } from '../surfaces/mcp/wire/edge-admissions.js'
import { publicRoutes } from '../surfaces/public/public-routes.js'
import { restRoutes } from '../surfaces/rest/rest-routes.js'
import { widgetRoutes } from '../surfaces/widgets/widget-routes.js'
import { createServingParts, type ServingParts } from './create-serving-parts.js'

/**
 * The routes that call tools, whose preflights the host policy judges; under `/mcp` that
 * includes the JSON mirrors, which a simple GET (no preflight) still reads from any page.
 */
const TOOL_CALLING_PATHS = ['/api/*', '/mcp', '/mcp/*']

/**
 * The login's paths, which the CORS middleware leaves alone: no other origin has anything to
 * read there, and the callback's page carries a token.
 */
const LOGIN_PREFIX = '/oauth/'

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The plugin folder; a relative path is resolved against `process.cwd()`. */
  rootDir: string
  /** Dev mode: error details and stacks in responses, no caching of public files. */
  dev: boolean
  /**
   * The interface the server listens on; it decides which Host and Origin values the
   * tool-calling routes (`/api/*`, `/mcp*`) accept, and which host links name. Default
   * `127.0.0.1`.
   */
  listenHost?: string
  /**
   * Checks bearer tokens on `/api/*` and `/mcp*`: required in modes `portico-hub` and `custom`
   * (build it with `createAuthGate(resolveAuthSettings(...))`), absent in mode `anon`.
   */
  gate?: AuthGate
  /** The docs-site login of modes `portico-hub` and `custom` (ignored in mode `anon`). */
  login?: LoginOptions
  /** What only code can set of the MCP endpoints. */
  mcp?: McpAppOptions
  /**
   * Ends what the app keeps between requests once aborted: its stateful MCP sessions
   * (`mcp.sessions: 'stateful'`) close, and their streams with them. `portico start` and
   * `portico dev` abort it when they stop serving the app.
   */
  signal?: AbortSignal
  /**
   * Aborted when the host stops taking new requests (a graceful shutdown begins): `/readyz`
   * answers 503 from then on, so a load balancer sends the rest elsewhere.
   */
  draining?: AbortSignal
  /**
   * True when the server in front already ends a request that takes longer than
   * `limits.requestTimeoutMs` to arrive: `portico start` and `portico dev` make it node:http's
   * `requestTimeout`. Otherwise (Deno, Bun, workerd, any other host of `createFetchHandler`) the
   * app bounds each body read by that figure itself: 408 past it. Default false.
   */
  hostTimesRequests?: boolean
}

/** The MCP options of {@link createApp}. */
export interface McpAppOptions {
  /**
   * Where stateful MCP sessions keep the events of their SSE streams, which a client that lost
   * one replays with `Last-Event-ID`. Default: a bounded window in memory, per process. Replicas
   * that share their sessions (`sessionStore`) share this store too, so a stream resumes on any.
   */
  eventStore?: McpEventStore
  /**
   * Where replicas share their stateful MCP sessions, so that any replica serves any request of
   * one (see {@link McpSessionStore}). Default: none, and a session lives in the process that
   * opened it: route each client to one replica (sticky routing).
   */
  sessionStore?: McpSessionStore
  /**
   * Where MCP tasks live, shared by replicas so that any one answers `tasks/get`, `tasks/update`
   * and `tasks/cancel` (see {@link McpTaskStore}). Default: in memory, per process.
   */
  taskStore?: McpTaskStore
  /**
   * How replicas tell each other that a resource (`ctx.resourceUpdated`) or a task changed, so
   * that each notifies the subscribers it holds (see {@link McpNotificationBus}). Default: in
   * memory, per process; `portico start` uses Redis pub/sub with `PORTICO_REDIS_URL`.
   */
  notificationBus?: McpNotificationBus
  /**
   * Signs the `requestState` of 2026-07-28 input rounds (HMAC-SHA256, 32 characters or more).
   * Default: a random key per process; replicas need the same one (`portico start` reads
   * `PORTICO_STATE_SECRET`), or a round begun on one fails on another.
   */
  stateSecret?: string
}

/** Options of the docs-site login (`/oauth/login`, `/oauth/callback`). */
export interface LoginOptions {
  /**
   * Seals the short-lived login cookie (AES-256-GCM); at least 32 characters. Default: a random
   * secret per process, which is enough for one process; several replicas behind one URL need
   * the same secret (`portico start` reads `PORTICO_COOKIE_SECRET`), or a login started on one
   * fails on another.
   */
  cookieSecret?: string
}

/**
 * The Fetch-API app of one plugin: every surface is a projection of the runtime's model,
 * prepared here once. A host that also wants the `node:http` edge, or to close and drain what
 * it serves, uses `assembleServer`, which makes the same app.
 */
export function createApp(runtime: ToolRuntime, options: AppOptions): Hono {
  return createAppFromParts(runtime, options, createServingParts(runtime, options))
}

/**
 * {@link createApp} with the parts it shares with the `node:http` edge made already.
 */
export function createAppFromParts(
  runtime: ToolRuntime,
  options: AppOptions,
  parts: ServingParts,
): Hono {
  return createAppAndMcpEdge(runtime, options, parts).app
}

/** The app, and what of its MCP surface the `node:http` edge answers (see `createNodeMcpEdge`). */
export interface AppAndMcpEdge {
  app: Hono
  /** Absent with stateful MCP sessions. */
  answerMcpPost?: McpPostAnswer
}

/**
 * {@link createAppFromParts}, with the MCP surface's answerer for the `node:http` edge. This is
 * the one place that lists the routes, in the order they are tried.
 */
export function createAppAndMcpEdge(
  runtime: ToolRuntime,
  options: AppOptions,
  parts: ServingParts,
): AppAndMcpEdge {
  const { model } = runtime
  const { gate, dev } = options
  if (model.config.auth !== 'anon' && !gate) {
    // Never serve an authenticated plugin unprotected by omission.
    throw new Error(
      `Mode "${model.config.auth}" needs a gate: pass createAuthGate(settings) as options.gate`,
    )
  }
  const withGate = gate ? { gate } : {}
  const { hostPolicy, originOf } = parts
  const { trustProxy } = model.config.server
  const publicDir = resolve(options.rootDir, 'public')
  // One setting, one meaning: the time a request may take to arrive, bounded once per runtime.
  const bodyDeadline = options.hostTimesRequests
    ? {}
    : { bodyDeadlineMs: model.config.limits.requestTimeoutMs }
  const mcp = mcpRoutes(runtime, {
    dev,
    hostPolicy,
    originOf,
    ...withGate,
    ...bodyDeadline,
    ...(options.mcp?.eventStore ? { eventStore: options.mcp.eventStore } : {}),
    ...(options.mcp?.sessionStore ? { sessionStore: options.mcp.sessionStore } : {}),
    taskRunner: parts.taskRunner,
    notificationBus: parts.notificationBus,
    ...(options.mcp?.stateSecret ? { stateSecret: options.mcp.stateSecret } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  const routes: Route[] = [
    ...healthRoutes({
      ...(options.draining ? { draining: options.draining } : {}),
      checks: readinessChecks(gate),
      reports: readinessReports(options.mcp?.sessionStore),
    }),
    ...(gate
      ? [
          ...metadataRoutes(model, gate.settings, originOf),
          ...loginRoutes(model, gate.settings, {
            cookieSecret: options.login?.cookieSecret ?? createCookieSecret(),
            originOf,
          }),
        ]
      : []),
    ...restRoutes(runtime, {
      dev,
      hostPolicy,
      originOf,
      call: parts.restCall,
      ...withGate,
      ...bodyDeadline,
    }),
    ...serverCardRoutes(model, { originOf }),
    ...mcp.routes,
    ...documentRoutes(model, { dev, originOf }),
    ...docsRoutes({ dev, ...(gate ? { loginUrl: LOGIN_PATH } : {}) }),
    ...widgetRoutes(model, { dev, publicDir }),
    ...publicRoutes({ rootDir: publicDir, dev, auth: model.config.auth }),
  ]

  const app = new Hono()
  const originHeaders = originHeadersMiddleware(model.config.server)
  // First, so that it sees every answer last, refused preflights included.
  if (originHeaders) app.use('*', originHeaders)
  // Before the CORS middleware, which grants every other preflight.
  app.on('OPTIONS', TOOL_CALLING_PATHS, refuseForeignPreflight(hostPolicy, { dev }))
  const corsHeaders = cors()
  // A configured public URL fixes every origin: the port a request came in on is never asked.
  const portMatters = model.config.server.publicUrl === undefined
  app.use('*', (c, next) => {
    // Two `Host` headers, joined by the Fetch API: HTTP asks for a 400 (RFC 9112 § 3.2).
    if (c.req.raw.headers.get('host')?.includes(',')) return Promise.resolve(twoHostsResponse())
    if (portMatters) rememberLocalPort(c.req.raw, c.env)
    rememberClientAddress(c.req.raw, c.env)
    return pathnameOf(c.req.url).startsWith(LOGIN_PREFIX) ? next() : corsHeaders(c, next)
  })
  // What the node:http edge admitted before handing it on is not checked again.
  app.on('POST', ['/mcp', '/mcp/:server'], (c, next) => {
    carryAdmission(c.req.raw, c.env)
    return next()
  })
  // The paths of the MCP endpoints, which match no request twice (`/mcp/*` would match `/mcp`
  // too, and count its stream twice).
  app.on('GET', ['/mcp', '/mcp/:server'], limitEventStreams(model.config.limits.mcpStreams))
  for (const route of routes) {
    // A route that answers `undefined` passes the request on to the next one that matches.
    const handler: Handler = (c, next) => route.handle(c.req.raw, c.req.param()) ?? next()
    if (route.method === 'GET') app.get(route.path, handler)
    else app.all(route.path, handler)
  }
  app.notFound((c) => notFoundResponse(c.req.raw, { dev }))
  app.onError((error, c) => {
    const request = c.req.raw
    const requestId = fetchRequestId(request, trustProxy)
    // What no route turned into an answer is a bug or a fault: the log keeps its stack.
    logger.error(`${c.req.method} ${pathnameOf(c.req.url)} failed:`, error, { requestId })
    return problemResponse(toProblemDocument(error, { dev, requestId }))
  })
  return mcp.answerPost ? { app, answerMcpPost: mcp.answerPost } : { app }
}

/** What `/readyz` waits for besides the end of a shutdown: the issuer's keys, when a gate. */
function readinessChecks(gate: AuthGate | undefined): ReadinessCheck[] {
  return readinessCheckOf('keys_unavailable', gate)
}

/**
 * What `/readyz` reports without waiting for it: a shared session store, which only stateful
 * requests need (they answer 503 while it is down; everything else goes on).
 */
function readinessReports(sessionStore: McpSessionStore | undefined): ReadinessReport[] {
  const ready = sessionStore?.ready
  return ready ? [{ field: 'sessionStore', ready: () => ready.call(sessionStore) }] : []
}

function readinessCheckOf(
  reason: string,
  owner: { ready?(): Promise<boolean> } | undefined,
): ReadinessCheck[] {
  const ready = owner?.ready
  return ready ? [{ reason, ready: () => ready.call(owner) }] : []
}

/** The 400 of a request with more than one `Host` (the Node server refuses it before the app). */
function twoHostsResponse(): Response {
  const error = new PorticoError('bad_request', 'The request has more than one Host header')
  return problemResponse(toProblemDocument(error, { dev: false }))
}
