import { PorticoError } from '../core/portico-error.js'
import { hostProblem, originProblem } from './host-origin-problems.js'
import type { HostPolicy } from './host-policy.js'
import { memoizeVerdicts } from './memoize-verdicts.js'
import { lastForwardedValue } from './request-origin.js'

/** A header as either runtime reads it: absent is `undefined` on Node, `null` on the Fetch API. */
type HeaderValue = string | null | undefined

/**
 * Why the host policy refuses a request to a tool-calling route, or `undefined`: from its
 * `Host`, `Origin`, `Sec-Fetch-Site` and `X-Forwarded-Host` headers.
 */
export type HostOriginRefusal = (
  host: HeaderValue,
  origin: HeaderValue,
  fetchSite: HeaderValue,
  forwardedHost?: HeaderValue,
) => string | undefined

/**
 * The DNS-rebinding and cross-site defence of every tool-calling route (`/api/*`, `/mcp*`), in
 * one place for REST, MCP and their preflights. `Host` must be an allowed host, and so must the
 * nearest proxy's `X-Forwarded-Host` when a proxy is trusted (it names the public host, which
 * links and token audiences follow). Where the policy checks origins, a browser request is
 * judged by where it comes from: with `Sec-Fetch-Site` `same-origin` (the docs site; its host
 * just passed) or `none` (typed by the user) it may call; from any other page (`same-site`,
 * `cross-site`) or without that header, its `Origin`, when sent, must be the request's own host
 * or an allowed one, so local tools such as the MCP Inspector on another loopback port keep
 * working; a `cross-site` request without `Origin` is refused. Requests without these headers
 * (curl, server-side clients) are not browsers and may call. Verdicts are cached per value.
 */
export function createHostOriginRefusal(policy: HostPolicy): HostOriginRefusal {
  const { allowedHosts, allowedOriginHostnames, allowedOrigins, trustProxy } = policy
  const judgeHost = allowedHosts
    ? memoizeVerdicts((host) => hostProblem(host, allowedHosts))
    : undefined
  const judgeForwarded =
    allowedHosts && trustProxy
      ? memoizeVerdicts((host) => hostProblem(host, allowedHosts, 'X-Forwarded-Host'))
      : undefined
  const judgeOrigin = allowedOriginHostnames
    ? memoizeVerdicts((origin) => originProblem(origin, allowedOriginHostnames, allowedOrigins))
    : undefined
  return (host, origin, fetchSite, forwardedHost) => {
    const hostRefused = judgeHost?.(host ?? '')
    if (hostRefused) return hostRefused
    const forwarded = judgeForwarded && forwardedHost ? lastForwardedValue(forwardedHost) : ''
    const forwardedRefused = forwarded ? judgeForwarded?.(forwarded) : undefined
    if (forwardedRefused) return forwardedRefused
    if (!judgeOrigin || fetchSite === 'same-origin' || fetchSite === 'none') return undefined
    if (origin) {
      const refused = judgeOrigin(origin)
      return refused && !isOwnOrigin(origin, host) ? refused : undefined
    }
    return fetchSite === 'cross-site' ? 'Cross-site request without Origin' : undefined
  }
}

/** A page served from the very host the request names (a browser without `Sec-Fetch-Site`). */
function isOwnOrigin(origin: string, host: HeaderValue): boolean {
  return (
    host !== undefined && host !== null && URL.canParse(origin) && new URL(origin).host === host
  )
}

/** The 403 of a refused request, with what the developer can do about it. */
export function hostOriginError(refusal: string): PorticoError {
  return new PorticoError(
    'forbidden',
    `${refusal}. Tools answer only allowed hosts (server.allowedHosts, server.publicUrl; on ` +
      'loopback, loopback names) and, from a browser, only pages of those hosts and ' +
      'server.allowBrowserOrigins, so that no other website can call them.',
  )
}
