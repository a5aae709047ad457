import type { TokenScheme } from './extract-credentials.js'

/**
 * The error codes of a refusal: RFC 6750 §3.1, and RFC 9449 §12.2 `invalid_dpop_proof`. None
 * when the request carried no credentials at all.
 */
export type AuthErrorCode =
  | 'invalid_request'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'invalid_dpop_proof'

/** Parameters of {@link buildAuthChallenge}. */
export interface AuthChallengeParams {
  /** Absolute URL of the Protected Resource Metadata document (RFC 9728 §5.1). */
  resourceMetadataUrl: string
  /** Scopes the request needs (RFC 6750 §3); left out when empty. */
  scopes: string[]
  /** JWS algorithms accepted for DPoP proofs, the `algs` of the `DPoP` challenge (RFC 9449 §7.1). */
  dpopAlgorithms: readonly string[]
  /** The scheme the refused request used: its challenge comes first and carries the error. */
  scheme?: TokenScheme
  /** Left out when the request carried no credentials at all, as RFC 6750 §3 asks. */
  error?: AuthErrorCode
  /** Human-readable text; must not carry secrets. */
  description?: string
}

/**
 * Builds a `WWW-Authenticate` value for a 400, 401 or 403 answer: a `Bearer` and a `DPoP`
 * challenge (RFC 9449 §7.2), each with `resource_metadata` and `scope`, the `DPoP` one with
 * `algs`; the scheme the request used comes first, with `error` and `error_description`. Clients
 * that read only the first challenge find what they need in either.
 *
 * @example
 * import { buildAuthChallenge } from './build-auth-challenge.js'
 * buildAuthChallenge({ resourceMetadataUrl: 'https://h/.well-known/oauth-protected-resource/mcp', scopes: ['a'], dpopAlgorithms: ['ES256'] })
 * // 'Bearer resource_metadata="…", scope="a", DPoP resource_metadata="…", scope="a", algs="ES256"'
 */
export function buildAuthChallenge(params: AuthChallengeParams): string {
  const common = [`resource_metadata="${quotable(params.resourceMetadataUrl)}"`]
  const scope = quotable(params.scopes.join(' ')).trim()
  if (scope !== '') common.push(`scope="${scope}"`)
  const failure: string[] = []
  if (params.error !== undefined) failure.push(`error="${params.error}"`)
  if (params.description !== undefined) {
    failure.push(`error_description="${quotable(params.description)}"`)
  }
  const dpopOwn = [`algs="${quotable(params.dpopAlgorithms.join(' '))}"`]
  if (params.scheme === 'DPoP') {
    return `DPoP ${[...common, ...dpopOwn, ...failure].join(', ')}, Bearer ${common.join(', ')}`
  }
  return `Bearer ${[...common, ...failure].join(', ')}, DPoP ${[...common, ...dpopOwn].join(', ')}`
}

/**
 * Keeps only what RFC 6750 §3 allows inside a quoted value (printable ASCII without `"` and
 * `\`), so a value can neither end the quoted string early nor split the header.
 */
function quotable(value: string): string {
  return value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')
}
