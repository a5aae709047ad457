import type { AuthGate } from '../../auth/create-auth-gate.js'
import type { Route } from '../../http/route.js'

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
}

/** Why the process is not ready, as `/readyz` says it. */
type Unready = 'draining' | 'keys_unavailable'

/**
 * `/healthz` and `/readyz`, outside every check (no token, any Host): probes come from the
 * platform, not from clients. The model is loaded before the app exists, so readiness asks only
 * what can change: a shutdown under way, and whether tokens can be checked.
 */
export function healthRoutes(options: HealthRouteOptions): Route[] {
  const { gate, draining } = options
  return [
    { method: 'GET', path: LIVENESS_PATH, handle: () => healthAnswer(200, { status: 'ok' }) },
    {
      method: 'GET',
      path: READINESS_PATH,
      async handle() {
        const unready: Unready | undefined = draining?.aborted
          ? 'draining'
          : (await (gate?.ready?.() ?? true))
            ? undefined
            : 'keys_unavailable'
        return unready
          ? healthAnswer(503, { status: 'unavailable', reason: unready })
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
