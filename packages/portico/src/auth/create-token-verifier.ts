import { type JWTPayload, jwtVerify } from 'jose'
import { PorticoError } from '../core/portico-error.js'
import type { AuthSettings } from './auth-settings.js'
import { createJwksUriResolver } from './create-jwks-uri-resolver.js'
import { createKeyStore } from './create-key-store.js'
import { KeysUnavailableError } from './keys-unavailable-error.js'
import { readTokenScopes } from './read-token-scopes.js'
import { toUnauthorizedError } from './to-unauthorized-error.js'
import { createVerifiedTokenCache } from './verified-token-cache.js'

/** Longest accepted token, in characters; longer ones are rejected before any parsing. */
const MAX_TOKEN_LENGTH = 16 * 1024

/** A token that passed every check. `claims.sub` is a non-empty string. */
export interface VerifiedToken {
  claims: JWTPayload
  /** Granted scopes, from `scope` and `scp`: read once per remembered token, shared. */
  scopes: readonly string[]
  token: string
}

/** Verifies bearer tokens against one issuer. */
export interface TokenVerifier {
  /**
   * Resolves when `token` is valid for one of `expectedAudience` and carries the required scopes.
   * Rejects with `PorticoError('unauthorized')` for any invalid token,
   * `PorticoError('forbidden')` (→ 403 `insufficient_scope`) for a missing scope and
   * {@link KeysUnavailableError} (→ 503) when the issuer's keys cannot be had.
   */
  verify(token: string, expectedAudience: string | readonly string[]): Promise<VerifiedToken>
  /**
   * What `verify` would resolve to, at once, for a token whose signature was verified lately;
   * undefined for any other. Throws as `verify` rejects (expired, another audience, a scope
   * missing). Lets a caller answer a remembered token without a turn of the microtask queue.
   */
  remembered?(
    token: string,
    expectedAudience: string | readonly string[],
  ): VerifiedToken | undefined
  /** Whether the issuer's keys can be had, so tokens can be checked; assumed when absent. */
  ready?(): Promise<boolean>
}

/** Options of {@link createTokenVerifier}. */
export interface TokenVerifierOptions {
  /** Used for discovery and the JWKS; default the global `fetch`. */
  fetch?: typeof fetch
  /** Least time between two JWKS fetches, failed ones included; default 30 s. */
  jwksCooldownMs?: number
  /** Age after which the JWKS is refetched in the background; default 10 min. */
  jwksCacheMaxAgeMs?: number
  /** Longest the last good JWKS serves while the issuer fails; default 24 h. */
  jwksMaxStaleMs?: number
  /** Longest one discovery or JWKS request may take; default 5 s. */
  jwksTimeoutMs?: number
  /**
   * Longest a verified token is remembered, so its signature is not checked again on every call;
   * default 60 s, 0 checks it every time. Expiry, audience and scopes are checked on every call.
   */
  verifiedTokenMaxAgeMs?: number
}

/** RFC 9068 §2.1 `typ` values, plus `JWT` (Entra ID) and none (several providers). */
const ACCEPTED_TYPES = new Set(['at+jwt', 'jwt'])

/**
 * Creates the verifier of `settings`: jose `jwtVerify` with the exact issuer, the audience,
 * the allowed algorithms and the clock tolerance, keys from the issuer's JWKS (explicit or
 * discovered once), held by the key store (`create-key-store.ts`): refetched when a token
 * names an unknown `kid`, at most once per cool-down, so key rotation needs no restart, and
 * kept serving while the issuer is down. A `kid` no fetch has yet been asked for while the
 * cool-down holds is answered 503 with `Retry-After`, not 401: its key may be just published.
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
  const keys = createKeyStore({
    resolveJwksUri,
    fetch: fetchImpl,
    cooldownMs: options.jwksCooldownMs ?? 30_000,
    maxAgeMs: options.jwksCacheMaxAgeMs ?? 600_000,
    maxStaleMs: options.jwksMaxStaleMs ?? 86_400_000,
    timeoutMs: options.jwksTimeoutMs ?? 5000,
  })
  const verifiedTokenMaxAgeMs = options.verifiedTokenMaxAgeMs ?? 60_000
  const verified =
    verifiedTokenMaxAgeMs > 0
      ? createVerifiedTokenCache({ maxAgeMs: verifiedTokenMaxAgeMs, maxCharacters: 4_000_000 })
      : undefined

  const checked = (token: string, claims: JWTPayload): VerifiedToken => ({
    claims,
    scopes: checkScopes(claims, settings.requiredScopes),
    token,
  })
  const remembered = (token: string, expectedAudience: string | readonly string[]) => {
    if (token.length > MAX_TOKEN_LENGTH) {
      throw new PorticoError('unauthorized', 'The token is longer than 16 KiB')
    }
    const claims = verified?.get(token)
    if (claims === undefined) return undefined
    checkStillValid(claims, withSlashToggled(expectedAudience), settings.clockToleranceSeconds)
    return checked(token, claims)
  }

  return {
    ready: () => keys.usable(),
    remembered,
    async verify(token, expectedAudience) {
      const known = remembered(token, expectedAudience)
      if (known) return known
      const claims = await verifyFully(token, withSlashToggled(expectedAudience))
      verified?.set(token, claims)
      return checked(token, claims)
    },
  }

  async function verifyFully(token: string, audiences: string[]): Promise<JWTPayload> {
    let claims: JWTPayload
    try {
      const result = await jwtVerify(token, keys.getKey, {
        issuer: settings.issuer,
        audience: audiences,
        algorithms: settings.algorithms,
        clockTolerance: settings.clockToleranceSeconds,
        requiredClaims: ['exp'],
      })
      claims = result.payload
      checkTokenShape(result.protectedHeader.typ, claims, settings.clockToleranceSeconds)
    } catch (err) {
      // An outage says nothing about the token: the client should keep it and retry.
      if (err instanceof KeysUnavailableError) throw err
      throw toUnauthorizedError(err)
    }
    return claims
  }
}

/** The scopes of remembered claims, read once: a remembered token brings the same claims object. */
const grantedScopes = new WeakMap<JWTPayload, string[]>()

/** The granted scopes, when they hold every required one; else a `forbidden` error naming them. */
function checkScopes(claims: JWTPayload, required: readonly string[]): readonly string[] {
  let scopes = grantedScopes.get(claims)
  if (scopes === undefined) {
    scopes = readTokenScopes(claims)
    grantedScopes.set(claims, scopes)
  }
  const missing = required.filter((s) => !scopes.includes(s))
  if (missing.length > 0) {
    throw new PorticoError(
      'forbidden',
      `The token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.map((s) => `"${s}"`).join(', ')}`,
      { details: missing.map((s) => ({ path: '/scope', message: `Missing scope "${s}"` })) },
    )
  }
  return scopes
}

/**
 * What may have changed since a remembered token was verified: its expiry (as jose checks it,
 * with the clock tolerance) and, as the request decides the audience, its `aud`.
 */
function checkStillValid(claims: JWTPayload, audiences: string[], tolerance: number): void {
  if (typeof claims.exp === 'number' && claims.exp <= Date.now() / 1000 - tolerance) {
    throw new PorticoError('unauthorized', 'The token has expired')
  }
  const aud = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? [])
  if (!aud.some((audience) => audiences.includes(audience))) {
    throw new PorticoError('unauthorized', 'The token is meant for another audience')
  }
}

/** Lists of audiences with their toggled forms, kept while the caller keeps the list. */
const toggledLists = new WeakMap<readonly string[], string[]>()

/**
 * The audience and, for a URL, the same with the trailing slash toggled: clients that read a
 * bare-origin resource through `URL.href` request it with a slash (reference 02 §3.1). A list
 * is expanded once: the gate passes the same list for every request to the same resource.
 */
function withSlashToggled(expected: string | readonly string[]): string[] {
  if (typeof expected === 'string') return toggle([expected])
  let toggled = toggledLists.get(expected)
  if (toggled === undefined) {
    toggled = toggle(expected)
    toggledLists.set(expected, toggled)
  }
  return toggled
}

function toggle(audiences: readonly string[]): string[] {
  return audiences.flatMap((audience) =>
    /^https?:\/\//i.test(audience)
      ? [audience, audience.endsWith('/') ? audience.slice(0, -1) : `${audience}/`]
      : [audience],
  )
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
