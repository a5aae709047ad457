/**
 * The loopback hosts of redirect URIs (RFC 8252 §7.3, §8.3): the same three names oidc-provider
 * matches on any port for native clients, so the registration rule and the matching agree.
 */
const LOOPBACK_REDIRECT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** `http://<loopback host>[:port]<rest>`, with the host as written (no normalisation). */
const LOOPBACK_REDIRECT_URI = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?([/?#].*)?$/

/**
 * Whether a client may register `uri` as a redirect URI: anything oidc-provider accepts, except
 * `http` off loopback, where the authorization code would cross the network in clear text.
 */
export function isAllowedRedirectUri(uri: string): boolean {
  const url = URL.parse(uri)
  return url === null || url.protocol !== 'http:' || LOOPBACK_REDIRECT_HOSTS.has(url.hostname)
}

/**
 * Whether `requested` is one of `registered` but for the port of an `http` loopback URI: a local
 * program gets whatever port is free when it starts (RFC 8252 §7.3). Host, path and query must
 * still match character for character.
 */
export function matchesOnAnyLoopbackPort(
  requested: string,
  registered: readonly string[],
): boolean {
  const wanted = withoutLoopbackPort(requested)
  return wanted !== undefined && registered.some((uri) => withoutLoopbackPort(uri) === wanted)
}

function withoutLoopbackPort(uri: string): string | undefined {
  const match = LOOPBACK_REDIRECT_URI.exec(uri)
  return match === null ? undefined : `http://${match[1]}${match[2] ?? ''}`
}
