import type { JWTPayload } from 'jose'
import type { PorticoPluginContext } from '../core/plugin-context.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import type { AuthSettings } from './auth-settings.js'
import { buildBearerChallenge } from './bearer-challenge.js'
import { claimsToContext } from './claims-to-context.js'
import { createTokenVerifier, type TokenVerifier } from './create-token-verifier.js'
import { extractBearerToken } from './extract-bearer-token.js'
import { protectedResourceMetadataUrl, resourceOf } from './protected-resource-metadata.js'

/** What the gate needs of a request to `/api/*` or `/mcp*`, whatever the runtime. */
export interface GateRequest {
  authorization: string | null
  /** The query string, `?…` or empty. */
  search: string
  /** The public origin (see `requestOrigin`). */
  origin: string
  /** The protected resource's path: `/` for the REST API, `/mcp` or `/mcp/<server>`. */
  resourcePath: string
}

/** The outcome of a gate check: the caller's context, or the answer that refuses it. */
export type GateOutcome =
  | { ok: true; context: PorticoPluginContext }
  | { ok: false; error: PorticoError; status: 401 | 403; challenge: string }

/** The resource server side of Portico's authenticated modes. */
export interface AuthGate {
  readonly settings: AuthSettings
  check(request: GateRequest): Promise<GateOutcome>
}

/** Options of {@link createAuthGate}. */
export interface AuthGateOptions {
  /** The verifier; built from the settings when not given. */
  verifier?: TokenVerifier
  /** Maps verified claims to the tool context; default {@link claimsToContext}. */
  claimsToContext?: (claims: JWTPayload, token: string) => PorticoPluginContext
}

/**
 * Checks bearer tokens on the protected surfaces (spec 5.4): a JWT in the `Authorization`
 * header, verified against the issuer's keys, the expected audience and the required scopes.
 * Refusals carry the RFC 9728 challenge whose `resource_metadata` points at the metadata of the
 * resource asked for. A token in the query string is refused: URLs end up in logs.
 */
export function createAuthGate(settings: AuthSettings, options: AuthGateOptions = {}): AuthGate {
  const verifier = options.verifier ?? createTokenVerifier(settings)
  const expectedAudience = settings.audience ?? settings.resource
  const toContext = options.claimsToContext ?? claimsToContext
  return {
    settings,
    async check(request) {
      try {
        if (/[?&]access_token=/.test(request.search)) {
          throw new PorticoError(
            'unauthorized',
            'Send the token in the Authorization header, never in the URL',
          )
        }
        const token = extractBearerToken(request.authorization)
        if (token === undefined)
          throw new PorticoError('unauthorized', 'A bearer token is required')
        const audience = expectedAudience ?? resourceOf(request)
        const verified = await verifier.verify(token, audience)
        return { ok: true, context: toContext(verified.claims, verified.token) }
      } catch (error) {
        if (!isPorticoError(error) || (error.kind !== 'unauthorized' && error.kind !== 'forbidden'))
          throw error
        const tokenSent = request.authorization !== null || /[?&]access_token=/.test(request.search)
        return refusal(error, request, settings, tokenSent)
      }
    },
  }
}

function refusal(
  error: PorticoError,
  request: GateRequest,
  settings: AuthSettings,
  tokenSent: boolean,
): GateOutcome {
  const forbidden = error.kind === 'forbidden'
  const challenge = buildBearerChallenge({
    resourceMetadataUrl: protectedResourceMetadataUrl(request.origin, request.resourcePath),
    scopes: settings.advertisedScopes,
    // RFC 6750 §3.1: no error code when the request carried no credentials at all.
    ...(forbidden
      ? { error: 'insufficient_scope' as const, description: error.message }
      : tokenSent
        ? { error: 'invalid_token' as const, description: error.message }
        : {}),
  })
  return { ok: false, error, status: forbidden ? 403 : 401, challenge }
}
