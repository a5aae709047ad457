import type { AuthGate } from '../../auth/create-auth-gate.js'
import type { Route } from '../../http/route.js'
import type { McpSessionStore } from '../mcp/mcp-session-store.js'

/** Liveness: the process answers. A load balancer or Kubernetes restarts it when this fails. */
export const LIVENESS_PATH = '/healthz'
/** Readiness: the process should get traffic. A load balancer routes around it when this fails. */
export const READINESS_PATH = '/readyz'

/** Options of {@link healthRoutes}. */
export interface HealthRouteOptions {
  /** In modes `custom` and `portico-hub`: readiness needs the issuer's keys. */
  gate?: AuthGate
  /** Aborted once the host stops taking requests (graceful shutdown): readiness fails from then. */
  draining?: AbortSignal
  /** Where replicas share their MCP sessions: readiness needs it to answer. */
  sessionStore?: McpSessionStore
}

/** Why the process is not ready, as `/readyz` says it. */
type Unready = 'draining' | 'keys_unavailable' | 'session_store_unavailable'

/**
 * `/healthz` and `/readyz`, outside every check (no token, any Host): probes come from the
 * platform, not from clients. The model is loaded before the app exists, so readiness asks only
 * what can change: a shutdown under way, whether tokens can be checked, and whether the store
 * that replicas share sessions through answers.
 */
export function healthRoutes(options: HealthRouteOptions): Route[] {
  const { gate, draining, sessionStore } = options
  const unready = async (): Promise<Unready | undefined> => {
    if (draining?.aborted) return 'draining'
    if (gate?.ready && !(await gate.ready())) return 'keys_unavailable'
    if (sessionStore?.ready && !(await sessionStore.ready())) return 'session_store_unavailable'
    return undefined
  }
  return [
    { method: 'GET', path: LIVENESS_PATH, handle: () => healthAnswer(200, { status: 'ok' }) },
    {
      method: 'GET',
      path: READINESS_PATH,
      async handle() {
        const reason = await unready()
        return reason
          ? healthAnswer(503, { status: 'unavailable', reason })
          : healthAnswer(200, { status: 'ready' })
      },
    },
  ]
}

function healthAnswer(status: number, body: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    // A probe must see the process as it is now, never a cache's copy.
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })
}
