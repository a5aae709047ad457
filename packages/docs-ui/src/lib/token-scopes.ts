import { jwtClaims } from './access-token.js'

/**
 * The scopes a JWT access token grants, as the server reads them: `scope` (RFC 9068, a
 * space-separated string) and `scp` (a space-separated string, or an array, as some identity
 * providers send). `undefined` when the token is not a JWT the site can read (an opaque token):
 * the site then cannot tell, and says nothing. The signature is not checked: the server does.
 */
export function tokenScopes(token: string): string[] | undefined {
  const claims = jwtClaims(token)
  if (claims === undefined) return undefined
  const { scope, scp } = claims
  const names = [
    ...(typeof scope === 'string' ? scope.split(' ') : []),
    ...(typeof scp === 'string' ? scp.split(' ') : []),
    ...(Array.isArray(scp) ? scp.filter((item): item is string => typeof item === 'string') : []),
  ]
  return [...new Set(names.filter((name) => name !== '' && !name.includes(' ')))]
}

/** The `scope` of an `insufficient_scope` challenge (RFC 6750 §3), or undefined for any other. */
export function challengedScopes(challenge: string | undefined): string[] | undefined {
  if (challenge === undefined || !/\berror="insufficient_scope"/.test(challenge)) return undefined
  const scope = /\bscope="([^"]*)"/.exec(challenge)?.[1]
  return scope === undefined ? undefined : scope.split(' ').filter((name) => name !== '')
}

/**
 * The docs-site login asking for `scopes` on top of the plugin's own, back to this page. An
 * ordinary login, not `prompt=none`: a new scope needs the person's consent.
 */
export function scopeLoginUrl(loginUrl: string, scopes: readonly string[]): string {
  const returnTo = encodeURIComponent(location.pathname + location.hash)
  return `${loginUrl}?return_to=${returnTo}&scope=${encodeURIComponent(scopes.join(' '))}`
}
