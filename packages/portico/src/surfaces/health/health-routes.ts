import type { Route } from '../../http/route.js'

/** Liveness: the process answers. A load balancer or Kubernetes restarts it when this fails. */
export const LIVENESS_PATH = '/healthz'
/** Readiness: the process should get traffic. A load balancer routes around it when this fails. */
export const READINESS_PATH = '/readyz'

/** Something readiness waits for, and the reason `/readyz` gives while it is not there. */
export interface ReadinessCheck {
  /** `keys_unavailable`, ... */
  reason: string
  ready(): Promise<boolean>
}

/**
 * Something only some requests need, whose state `/readyz` reports in a field of its own without
 * failing: a shared session store, which stateful requests need and everything else does not.
 * Failing readiness for it would take every replica out at once for a partial outage.
 */
export interface ReadinessReport {
  /** The field of `/readyz`'s body: `sessionStore`. */
  field: string
  /** `available` when true, else `unavailable`. */
  ready(): Promise<boolean>
}

/** Options of {@link healthRoutes}. */
export interface HealthRouteOptions {
  /** Aborted once the host stops taking requests (graceful shutdown): readiness fails from then. */
  draining?: AbortSignal
  /** What else readiness needs, asked in order: the issuer's keys. */
  checks: ReadinessCheck[]
  /** What readiness reports but does not wait for: a shared session store. */
  reports?: ReadinessReport[]
}

/**
 * `/healthz` and `/readyz`, outside every check (no token, any Host): probes come from the
 * platform, not from clients. The model is loaded before the app exists, so readiness asks only
 * what can change: a shutdown under way, then each of its checks. Each report adds its field
 * (`"sessionStore": "available"` or `"unavailable"`) to either answer.
 */
export function healthRoutes(options: HealthRouteOptions): Route[] {
  const { draining, checks, reports = [] } = options
  const unready = async (): Promise<string | undefined> => {
    if (draining?.aborted) return 'draining'
    for (const check of checks) if (!(await check.ready())) return check.reason
    return undefined
  }
  const reported = async (): Promise<Record<string, string>> => {
    const states = await Promise.all(
      reports.map(async ({ field, ready }) => {
        const available = await ready().catch(() => false)
        return [field, available ? 'available' : 'unavailable']
      }),
    )
    return Object.fromEntries(states)
  }
  return [
    { method: 'GET', path: LIVENESS_PATH, handle: () => healthAnswer(200, { status: 'ok' }) },
    {
      method: 'GET',
      path: READINESS_PATH,
      async handle() {
        const [reason, fields] = await Promise.all([unready(), reported()])
        return reason
          ? healthAnswer(503, { status: 'unavailable', reason, ...fields })
          : healthAnswer(200, { status: 'ready', ...fields })
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
