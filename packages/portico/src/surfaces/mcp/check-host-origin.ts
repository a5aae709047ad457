import type { HostPolicy } from '../../http/host-policy.js'
import { jsonRpcErrorResponse } from './json-rpc-error.js'

/** Verdicts by header value: clients send the same few Host and Origin values again and again. */
const VERDICT_CACHE_SIZE = 64

/**
 * Returns the 403 answer for a `Host` or `Origin` the policy refuses, or `undefined`. Same
 * rules and messages as the SDK's `hostHeaderValidationResponse` and `originValidationResponse`
 * (kept here so that the MCP hot path does not load the SDK, and a verdict is parsed once per
 * distinct value rather than once per request).
 */
export function createHostOriginCheck(
  policy: HostPolicy,
): (request: Request) => Response | undefined {
  const hostVerdicts = new Map<string, string | undefined>()
  const originVerdicts = new Map<string, string | undefined>()
  const { allowedHostnames, allowedOriginHostnames } = policy
  return (request) => {
    if (allowedHostnames) {
      const host = request.headers.get('host') ?? ''
      const problem = cached(hostVerdicts, host, () => hostProblem(host, allowedHostnames))
      if (problem) return forbidden(problem)
    }
    if (allowedOriginHostnames) {
      const origin = request.headers.get('origin')
      if (origin) {
        const problem = cached(originVerdicts, origin, () =>
          originProblem(origin, allowedOriginHostnames),
        )
        if (problem) return forbidden(problem)
      }
    }
    return undefined
  }
}

function hostProblem(host: string, allowed: string[]): string | undefined {
  if (host === '') return 'Missing Host header'
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return `Invalid Host header: ${host}`
  }
  return allowed.includes(hostname) ? undefined : `Invalid Host: ${hostname}`
}

function originProblem(origin: string, allowed: string[]): string | undefined {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return `Invalid Origin header: ${origin}`
  }
  if (url.hostname === '') return `Invalid Origin header: ${origin}`
  // A browser extension's scheme may be allowed whole (`moz-extension://*`), as the SDK allows.
  const schemeAllowed =
    url.protocol !== 'http:' && url.protocol !== 'https:' && allowed.includes(`${url.protocol}//*`)
  return schemeAllowed || allowed.includes(url.hostname)
    ? undefined
    : `Invalid Origin: ${url.hostname}`
}

function cached(
  verdicts: Map<string, string | undefined>,
  key: string,
  judge: () => string | undefined,
): string | undefined {
  if (verdicts.has(key)) return verdicts.get(key)
  if (verdicts.size >= VERDICT_CACHE_SIZE) verdicts.clear()
  const verdict = judge()
  verdicts.set(key, verdict)
  return verdict
}

function forbidden(message: string): Response {
  return jsonRpcErrorResponse(403, -32000, message)
}
