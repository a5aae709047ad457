import type { JWTPayload } from 'jose'

/**
 * The scopes a token grants: RFC 9068's space-separated `scope` string plus Entra ID's `scp`
 * (a space-separated string, or an array from some providers), deduplicated. Odd types count
 * as no scopes.
 *
 * @example
 * import { readTokenScopes } from './read-token-scopes.js'
 * readTokenScopes({ scope: 'a b', scp: ['c'] }) // ['a', 'b', 'c']
 */
export function readTokenScopes(claims: JWTPayload): string[] {
  return [...new Set([...splitScopes(claims.scope), ...splitScopes(claims.scp)])]
}

function splitScopes(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter((s) => s !== '')
  if (Array.isArray(value)) {
    return value.filter((s): s is string => typeof s === 'string' && s !== '' && !s.includes(' '))
  }
  return []
}
