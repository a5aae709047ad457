import type { MiddlewareHandler } from 'hono'
import { createHostOriginRefusal, hostOriginError } from './create-host-origin-refusal.js'
import type { HostPolicy } from './host-policy.js'
import { PROBLEM_CONTENT_TYPE, toProblemDocument } from './problem-response.js'

/**
 * For the preflights of tool-calling routes: a 403 problem (no `Access-Control-*` headers at
 * all, and a status no browser takes as a grant) when the host policy refuses the page,
 * else on to the CORS middleware's 204. A website learns at once that it may not call, rather
 * than being granted a call the route would refuse anyway.
 */
export function refuseForeignPreflight(
  policy: HostPolicy,
  options: { dev: boolean },
): MiddlewareHandler {
  const refuse = createHostOriginRefusal(policy)
  return async (c, next) => {
    const { headers } = c.req.raw
    const refusal = refuse(
      headers.get('host'),
      headers.get('origin'),
      headers.get('sec-fetch-site'),
      headers.get('x-forwarded-host'),
    )
    if (refusal) {
      // Without CORS headers: a refused preflight grants nothing, not even reading the refusal.
      const problem = toProblemDocument(hostOriginError(refusal), options)
      return new Response(JSON.stringify(problem), {
        status: problem.status,
        headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-content-type-options': 'nosniff' },
      })
    }
    await next()
    return undefined
  }
}
