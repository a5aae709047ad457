import {
  createRemoteJWKSet,
  customFetch,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import { PorticoError } from '../core/portico-error.js'
import type { AuthSettings } from './auth-settings.js'
import { createJwksUriResolver } from './discover-jwks-uri.js'
import { readTokenScopes } from './read-token-scopes.js'
import { toUnauthorizedError } from './to-unauthorized-error.js'

/** Longest accepted token, in characters; longer ones are rejected before any parsing. */
export const MAX_TOKEN_LENGTH = 16 * 1024

/** A token that passed every check. `claims.sub` is a non-empty string. */
export interface VerifiedToken {
  claims: JWTPayload
  /** Granted scopes, from `scope` and `scp`. */
  scopes: string[]
  token: string
}

/** Verifies bearer tokens against one issuer. */
export interface TokenVerifier {
  /**
   * Resolves when `token` is valid for `expectedAudience` and carries the required scopes.
   * Rejects with `PorticoError('unauthorized')` for any invalid token and
   * `PorticoError('forbidden')` (→ 403 `insufficient_scope`) for a missing scope.
   */
  verify(token: string, expectedAudience: string): Promise<VerifiedToken>
}

/** Options of {@link createTokenVerifier}. */
export interface TokenVerifierOptions {
  /** Used for discovery and the JWKS; default the global `fetch`. */
  fetch?: typeof fetch
  /** Time after a JWKS fetch before an unknown `kid` may trigger another; default 30 s. */
  jwksCooldownMs?: number
  /** Longest a fetched JWKS is used without refetching; default 10 min. */
  jwksCacheMaxAgeMs?: number
}

/** RFC 9068 §2.1 `typ` values, plus `JWT` (Entra ID) and none (several providers). */
const ACCEPTED_TYPES = new Set(['at+jwt', 'jwt'])

/**
 * Creates the verifier of `settings`: jose `jwtVerify` with the exact issuer, the audience,
 * the allowed algorithms and the clock tolerance, keys from the issuer's JWKS (explicit or
 * discovered once). The JWKS is cached and refetched when a token names an unknown `kid`,
 * at most once per cool-down, so key rotation needs no restart.
 *
 * @example
 * import { createTokenVerifier } from './create-token-verifier.js'
 * const { claims } = await createTokenVerifier(settings).verify(token, 'https://h.example/mcp')
 */
export function createTokenVerifier(
  settings: AuthSettings,
  options: TokenVerifierOptions = {},
): TokenVerifier {
  const fetchImpl = options.fetch ?? fetch
  const resolveJwksUri =
    settings.jwksUri === undefined
      ? createJwksUriResolver(settings.issuer, fetchImpl)
      : () => Promise.resolve(settings.jwksUri as string)
  let keys: Promise<JWTVerifyGetKey> | undefined
  const getKeys = (): Promise<JWTVerifyGetKey> => {
    if (keys === undefined) {
      const created = resolveJwksUri().then((uri) =>
        createRemoteJWKSet(new URL(uri), {
          cooldownDuration: options.jwksCooldownMs ?? 30_000,
          cacheMaxAge: options.jwksCacheMaxAgeMs ?? 600_000,
          [customFetch]: fetchImpl,
        }),
      )
      // A failed discovery is forgotten, so the next token tries again.
      created.catch(() => {
        if (keys === created) keys = undefined
      })
      keys = created
    }
    return keys
  }

  return {
    async verify(token, expectedAudience) {
      if (token.length > MAX_TOKEN_LENGTH) {
        throw new PorticoError('unauthorized', 'The token is longer than 16 KiB')
      }
      let claims: JWTPayload
      try {
        const result = await jwtVerify(token, await getKeys(), {
          issuer: settings.issuer,
          audience: acceptedAudiences(expectedAudience),
          algorithms: settings.algorithms,
          clockTolerance: settings.clockToleranceSeconds,
          requiredClaims: ['exp'],
        })
        claims = result.payload
        checkTokenShape(result.protectedHeader.typ, claims, settings.clockToleranceSeconds)
      } catch (err) {
        throw toUnauthorizedError(err)
      }
      const scopes = readTokenScopes(claims)
      const missing = settings.requiredScopes.filter((s) => !scopes.includes(s))
      if (missing.length > 0) {
        throw new PorticoError(
          'forbidden',
          `The token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => `"${s}"`).join(', ')}`,
          { details: missing.map((s) => ({ path: '/scope', message: `Missing scope "${s}"` })) },
        )
      }
      return { claims, scopes, token }
    },
  }
}

/**
 * The audience and, for a URL, the same with the trailing slash toggled: clients that read a
 * bare-origin resource through `URL.href` request it with a slash (reference 02 §3.1).
 */
function acceptedAudiences(expected: string): string[] {
  if (!/^https?:\/\//i.test(expected)) return [expected]
  return [expected, expected.endsWith('/') ? expected.slice(0, -1) : `${expected}/`]
}

/** Checks jose leaves alone: the access-token `typ`, a subject, and `iat` not in the future. */
function checkTokenShape(typ: string | undefined, claims: JWTPayload, tolerance: number): void {
  const normalized = typ?.toLowerCase().replace(/^application\//, '')
  if (normalized !== undefined && !ACCEPTED_TYPES.has(normalized)) {
    throw new PorticoError('unauthorized', 'The token is not an access token')
  }
  // Without `at+jwt`, an OIDC ID token (which has a nonce) could pass for an access token.
  if (normalized !== 'at+jwt' && claims.nonce !== undefined) {
    throw new PorticoError('unauthorized', 'The token is not an access token')
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new PorticoError('unauthorized', 'The token has no subject')
  }
  if (typeof claims.iat === 'number' && claims.iat > Date.now() / 1000 + tolerance) {
    throw new PorticoError('unauthorized', 'The token was issued in the future')
  }
}
