import { resolve } from 'node:path'
import type { AuthGate } from '../auth/create-auth-gate.js'
import { LOGIN_PATH } from '../auth/login/login-paths.js'
import { loginRoutes } from '../auth/login/login-routes.js'
import { createCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import { metadataRoutes } from '../auth/metadata-routes.js'
import type { Route } from '../http/route.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import type { McpSessionStore } from '../stores/mcp-session-store.js'
import { docsRoutes } from '../surfaces/docs/docs-routes.js'
import { documentRoutes } from '../surfaces/documents/document-routes.js'
import { serverCardRoutes } from '../surfaces/documents/server-card-routes.js'
import {
  healthRoutes,
  type ReadinessCheck,
  type ReadinessReport,
} from '../surfaces/health/health-routes.js'
import { type McpPostAnswer, mcpRoutes } from '../surfaces/mcp/mcp-routes.js'
import { publicRoutes } from '../surfaces/public/public-routes.js'
import { restRoutes } from '../surfaces/rest/rest-routes.js'
import { widgetRoutes } from '../surfaces/widgets/widget-routes.js'
import type { AppOptions } from './create-app.js'
import type { ServingParts } from './create-serving-parts.js'

/** Every route of one plugin in the order they are tried, and what the MCP edge answers. */
export interface ListedRoutes {
  routes: Route[]
  /** Absent with stateful MCP sessions. */
  answerMcpPost?: McpPostAnswer
}

/**
 * The one place that lists the routes, in the order they are tried: every surface is a
 * projection of the runtime's model, prepared here once. Hono is not needed to list them
 * (`mountRoutes` puts them in an app), so a server whose requests all go to the `node:http`
 * edges never loads it.
 */
export function listRoutes(
  runtime: ToolRuntime,
  options: AppOptions,
  parts: ServingParts,
): ListedRoutes {
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
  return mcp.answerPost ? { routes, answerMcpPost: mcp.answerPost } : { routes }
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
