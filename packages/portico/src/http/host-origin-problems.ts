/**
 * A `Host` value (or an allowed-host entry) split into its hostname, as URL parsing normalises
 * it, and the port it names as written (`''` for none), or `undefined` when it is no host.
 */
export function splitHost(value: string): { hostname: string; port: string } | undefined {
  let hostname: string
  try {
    hostname = new URL(`http://${value}`).hostname
  } catch {
    return undefined
  }
  // As written: URL parsing drops a scheme's default port (`:80`), which still names a port.
  const port = /:(\d+)$/.exec(value)?.[1] ?? ''
  return { hostname, port }
}

/**
 * Whether an allowed-host entry admits a host: its hostname, on any port when the entry names
 * none (`notes.example`), else on that port only (`notes.example:8443`).
 */
function admits(entry: string, host: { hostname: string; port: string }): boolean {
  const allowed = splitHost(entry)
  if (allowed === undefined || allowed.hostname !== host.hostname) return false
  return allowed.port === '' || allowed.port === host.port
}

/**
 * What is wrong with a `Host` value for a list of allowed hosts, or `undefined`. Same rules
 * and messages as the MCP SDK's `hostHeaderValidationResponse`, with one addition: an entry
 * may name a port (`name:port`), and then only that port passes. `header` names the header
 * judged in the messages (`X-Forwarded-Host` for a trusted proxy's).
 */
export function hostProblem(
  host: string,
  allowed: readonly string[],
  header = 'Host',
): string | undefined {
  if (host === '') return `Missing ${header} header`
  const split = splitHost(host)
  if (split === undefined) return `Invalid ${header} header: ${host}`
  return allowed.some((entry) => admits(entry, split))
    ? undefined
    : `Invalid ${header}: ${split.hostname}`
}

/**
 * What is wrong with an `Origin` value for a list of allowed hostnames, or `undefined`. Same
 * rules and messages as the MCP SDK's `originValidationResponse`; `origins` adds whole origins
 * (`https://app.example`, from `server.allowBrowserOrigins`).
 */
export function originProblem(
  origin: string,
  allowed: readonly string[],
  origins: readonly string[] = [],
): string | undefined {
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
  return schemeAllowed || allowed.includes(url.hostname) || origins.includes(url.origin)
    ? undefined
    : `Invalid Origin: ${url.hostname}`
}
