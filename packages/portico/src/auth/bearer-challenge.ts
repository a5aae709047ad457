/** Parameters of {@link buildBearerChallenge}. */
export interface BearerChallengeParams {
  /** Absolute URL of the Protected Resource Metadata document (RFC 9728 §5.1). */
  resourceMetadataUrl: string
  /** Scopes the request needs (RFC 6750 §3); left out when empty. */
  scopes: string[]
  /**
   * RFC 6750 §3.1 error code; leave it out when the request carried no credentials at all, as
   * RFC 6750 §3 asks.
   */
  error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request'
  /** Human-readable text; must not carry secrets. */
  description?: string
}

/**
 * Builds a `WWW-Authenticate` value for a 401 or 403 answer: `Bearer` first, then
 * `resource_metadata`, `scope`, `error` and `error_description`, each quoted.
 *
 * @example
 * import { buildBearerChallenge } from './bearer-challenge.js'
 * buildBearerChallenge({ resourceMetadataUrl: 'https://h/.well-known/oauth-protected-resource/mcp', scopes: ['a'] })
 * // 'Bearer resource_metadata="https://h/.well-known/oauth-protected-resource/mcp", scope="a"'
 */
export function buildBearerChallenge(params: BearerChallengeParams): string {
  const parts = [`resource_metadata="${quotable(params.resourceMetadataUrl)}"`]
  const scope = quotable(params.scopes.join(' ')).trim()
  if (scope !== '') parts.push(`scope="${scope}"`)
  if (params.error !== undefined) parts.push(`error="${params.error}"`)
  if (params.description !== undefined) {
    parts.push(`error_description="${quotable(params.description)}"`)
  }
  return `Bearer ${parts.join(', ')}`
}

/**
 * Keeps only what RFC 6750 §3 allows inside a quoted value (printable ASCII without `"` and
 * `\`), so a value can neither end the quoted string early nor split the header.
 */
function quotable(value: string): string {
  return value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')
}
