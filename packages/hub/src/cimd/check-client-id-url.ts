import { isLoopbackHostname } from './loopback-host.js'

/** A `client_id` that names a client metadata document, or the rule it breaks. */
export type ClientIdUrlCheck = { ok: true; url: URL } | { ok: false; reason: string }

/** Options of {@link checkClientIdUrl}. */
export interface ClientIdUrlOptions {
  /** Accept `http:` for loopback hosts: only when the hub itself runs on loopback (dev). */
  allowLoopbackHttp: boolean
}

/**
 * Checks the rules a client metadata document URL must follow (CIMD draft §3): an https URL
 * with a path, without fragment, userinfo or dot segments; or, in development, an http URL on
 * a loopback host. The raw string is checked too, since `URL` silently removes dot segments
 * and would hide them.
 */
export function checkClientIdUrl(id: string, options: ClientIdUrlOptions): ClientIdUrlCheck {
  const refuse = (rule: string): ClientIdUrlCheck => ({
    ok: false,
    reason: `client_id ${id} is not a valid client metadata document URL: ${rule}`,
  })
  // Control characters, spaces and backslashes are rewritten by URL parsing, so the parsed URL
  // would differ from the id that the document must repeat exactly.
  if (hasRewrittenCharacter(id)) return refuse('it contains spaces, control characters or "\\"')
  const url = URL.parse(id)
  if (url === null) return refuse('it is not a URL')
  const loopbackHttp =
    url.protocol === 'http:' && options.allowLoopbackHttp && isLoopbackHostname(url.hostname)
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return refuse(
      options.allowLoopbackHttp
        ? 'it must use https (http only on a loopback host)'
        : 'it must use https',
    )
  }
  const afterScheme = id.slice(id.indexOf('://') + 3)
  const authority = afterScheme.split(/[/?#]/, 1)[0] ?? ''
  if (authority.includes('@')) return refuse('it must not contain a username or password')
  if (id.includes('#')) return refuse('it must not contain a fragment')
  const rawPath = afterScheme.slice(authority.length).split(/[?#]/, 1)[0] ?? ''
  if (rawPath === '' || rawPath === '/') return refuse('it must contain a path')
  const dotSegment = rawPath.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))
  if (dotSegment) return refuse('it must not contain "." or ".." path segments')
  return { ok: true, url }
}

function hasRewrittenCharacter(id: string): boolean {
  for (const char of id) {
    const code = char.codePointAt(0) ?? 0
    if (code <= 0x20 || code === 0x7f || char === '\\') return true
  }
  return false
}
