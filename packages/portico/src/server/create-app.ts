import type { Hono } from 'hono'
import type { AuthGate } from '../auth/create-auth-gate.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import type { McpEventStore } from '../stores/mcp-event-store.js'
import type { McpNotificationBus } from '../stores/mcp-notification-bus.js'
import type { McpSessionStore } from '../stores/mcp-session-store.js'
import type { McpTaskStore } from '../stores/mcp-task-store.js'
import { createServingParts } from './create-serving-parts.js'
import { listRoutes } from './list-routes.js'
import { mountRoutes } from './mount-routes.js'

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
 * The Fetch-API app of one plugin: the routes `listRoutes` lists, mounted on Hono. A host that
 * also wants the `node:http` edges, or to close and drain what it serves, uses `assembleServer`,
 * which serves the same routes.
 */
export function createApp(runtime: ToolRuntime, options: AppOptions): Hono {
  const parts = createServingParts(runtime, options)
  return mountRoutes(runtime.model, listRoutes(runtime, options, parts).routes, options.dev, parts)
}
