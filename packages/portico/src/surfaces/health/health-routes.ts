import type { Route } from '../../http/route.js'

/** Liveness: the process answers. A load balancer or Kubernetes restarts it when this fails. */
export const LIVENESS_PATH = '/healthz'
/** Readiness: the process should get traffic. A load balancer routes around it when this fails. */
export const READINESS_PATH = '/readyz'

/** Something readiness waits for, and the reason `/readyz` gives while it is not there. */
export interface ReadinessCheck {
  /** `keys_unavailable`, `session_store_unavailable`, ... */
  reason: string
  ready(): Promise<boolean>
}

/** Options of {@link healthRoutes}. */
export interface HealthRouteOptions {
  /** Aborted once the host stops taking requests (graceful shutdown): readiness fails from then. */
  draining?: AbortSignal
  /** What else readiness needs, asked in order: the issuer's keys, a shared session store. */
  checks: ReadinessCheck[]
}

/**
 * `/healthz` and `/readyz`, outside every check (no token, any Host): probes come from the
 * platform, not from clients. The model is loaded before the app exists, so readiness asks only
 * what can change: a shutdown under way, then each of its checks.
 */
export function healthRoutes(options: HealthRouteOptions): Route[] {
  const { draining, checks } = options
  const unready = async (): Promise<string | undefined> => {
    if (draining?.aborted) return 'draining'
    for (const check of checks) if (!(await check.ready())) return check.reason
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
