import type { MiddlewareHandler } from 'hono'
import type { HostPolicy } from './host-policy.js'
import { problemResponse, toProblemDocument } from './problem-response.js'
import { createHostOriginRefusal, hostOriginError } from './refuse-host-origin.js'

/**
 * For the preflights of tool-calling routes: a 403 problem (no `Access-Control-Allow-*`
 * headers, and a status no browser takes as a grant) when the host policy refuses the page,
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
    )
    if (refusal) return problemResponse(toProblemDocument(hostOriginError(refusal), options))
    await next()
    return undefined
  }
}
