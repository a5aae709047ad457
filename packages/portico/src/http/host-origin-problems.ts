/**
 * What is wrong with a `Host` value for a list of allowed hostnames, or `undefined`. Same rules
 * and messages as the MCP SDK's `hostHeaderValidationResponse`.
 */
export function hostProblem(host: string, allowed: readonly string[]): string | undefined {
  if (host === '') return 'Missing Host header'
  let hostname: string
  try {
    hostname = new URL(`http://${host}`).hostname
  } catch {
    return `Invalid Host header: ${host}`
  }
  return allowed.includes(hostname) ? undefined : `Invalid Host: ${hostname}`
}

/**
 * What is wrong with an `Origin` value for a list of allowed hostnames, or `undefined`. Same
 * rules and messages as the MCP SDK's `originValidationResponse`.
 */
export function originProblem(origin: string, allowed: readonly string[]): string | undefined {
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
