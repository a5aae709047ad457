import { PorticoError } from '../core/portico-error.js'
import { hostProblem, originProblem } from './host-origin-problems.js'
import type { HostPolicy } from './host-policy.js'
import { memoizeVerdicts } from './verdict-cache.js'

/** A header as either runtime reads it: absent is `undefined` on Node, `null` on the Fetch API. */
type HeaderValue = string | null | undefined

/**
 * Why the host policy refuses a request to a tool-calling route, or `undefined`: from its
 * `Host`, `Origin` and `Sec-Fetch-Site` headers.
 */
export type HostOriginRefusal = (
  host: HeaderValue,
  origin: HeaderValue,
  fetchSite: HeaderValue,
) => string | undefined

/**
 * The DNS-rebinding and cross-site defence of every tool-calling route (`/api/*`, `/mcp*`), in
 * one place for REST, MCP and their preflights. `Host` must be an allowed name. Where the policy
 * checks origins (on loopback), a browser request is judged by where it comes from: with
 * `Sec-Fetch-Site` `same-origin` (the docs site; its host just passed) or `none` (typed by the
 * user) it may call; from any other page (`same-site`, `cross-site`) or without that header,
 * its `Origin`, when sent, must be an allowed name, so local tools such as the MCP Inspector on
 * another loopback port keep working; a `cross-site` request without `Origin` is refused.
 * Requests without these headers (curl, server-side clients) are not browsers and may call.
 * Verdicts are cached per header value.
 */
export function createHostOriginRefusal(policy: HostPolicy): HostOriginRefusal {
  const { allowedHostnames, allowedOriginHostnames } = policy
  const judgeHost = allowedHostnames
    ? memoizeVerdicts((host) => hostProblem(host, allowedHostnames))
    : undefined
  const judgeOrigin = allowedOriginHostnames
    ? memoizeVerdicts((origin) => originProblem(origin, allowedOriginHostnames))
    : undefined
  return (host, origin, fetchSite) => {
    const hostRefused = judgeHost?.(host ?? '')
    if (hostRefused) return hostRefused
    if (!judgeOrigin || fetchSite === 'same-origin' || fetchSite === 'none') return undefined
    if (origin) return judgeOrigin(origin)
    return fetchSite === 'cross-site' ? 'Cross-site request without Origin' : undefined
  }
}

/** The 403 of a refused request, with what the developer can do about it. */
export function hostOriginError(refusal: string): PorticoError {
  return new PorticoError(
    'forbidden',
    `${refusal}. On loopback, tools answer only loopback hosts and pages served from them, so ` +
      'that no website can call them; add a host with server.allowedHosts.',
  )
}
