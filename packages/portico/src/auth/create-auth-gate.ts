import type { JWTPayload } from 'jose'
import type { PorticoPluginContext } from '../core/plugin-context.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import type { AuthSettings } from './auth-settings.js'
import { buildBearerChallenge } from './bearer-challenge.js'
import { claimsToContext } from './claims-to-context.js'
import { createTokenVerifier, type TokenVerifier } from './create-token-verifier.js'
import { extractBearerToken } from './extract-bearer-token.js'
import { KeysUnavailableError } from './keys-unavailable-error.js'
import { acceptedAudiences, protectedResourceMetadataUrl } from './protected-resource-metadata.js'

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

/** RFC 6750 §3.1 error codes; none when the request carried no credentials at all. */
export type BearerErrorCode = 'invalid_request' | 'invalid_token' | 'insufficient_scope'

/**
 * The outcome of a gate check: the caller's context, or the answer that refuses it, with the
 * RFC 6750 error code every surface reports (absent when no credentials were sent).
 */
export type GateOutcome =
  | { ok: true; context: PorticoPluginContext }
  | {
      ok: false
      error: PorticoError
      status: 400 | 401 | 403
      code?: BearerErrorCode
      challenge: string
    }
  | {
      ok: false
      error: PorticoError
      /** The issuer's keys cannot be had: the token may be good, so it is to be sent again. */
      status: 503
      code: 'temporarily_unavailable'
      retryAfterSeconds: number
    }

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
        const verified = await verifier.verify(token, acceptedAudiences(settings, request))
        return { ok: true, context: toContext(verified.claims, verified.token) }
      } catch (error) {
        if (error instanceof KeysUnavailableError) return unavailable(error)
        if (!isPorticoError(error) || !REFUSALS.has(error.kind)) throw error
        const tokenSent = request.authorization !== null || /[?&]access_token=/.test(request.search)
        return refusal(error, request, settings, tokenSent)
      }
    },
  }
}

/** The kinds of error a gate check answers itself (400, 401, 403); anything else is thrown. */
const REFUSALS = new Set(['bad_request', 'unauthorized', 'forbidden'])

function refusal(
  error: PorticoError,
  request: GateRequest,
  settings: AuthSettings,
  tokenSent: boolean,
): GateOutcome {
  const code = errorCodeOf(error, tokenSent)
  const challenge = buildBearerChallenge({
    resourceMetadataUrl: protectedResourceMetadataUrl(request.origin, request.resourcePath),
    scopes: settings.advertisedScopes,
    ...(code === undefined ? {} : { error: code, description: error.message }),
  })
  const status = code === 'invalid_request' ? 400 : code === 'insufficient_scope' ? 403 : 401
  return { ok: false, error, status, ...(code === undefined ? {} : { code }), challenge }
}

/** RFC 6750 §3.1: no error code when the request carried no credentials at all. */
function errorCodeOf(error: PorticoError, tokenSent: boolean): BearerErrorCode | undefined {
  if (error.kind === 'bad_request') return 'invalid_request'
  if (error.kind === 'forbidden') return 'insufficient_scope'
  return tokenSent ? 'invalid_token' : undefined
}

/** 503 rather than 401: an outage says nothing about the token (the key store logs it). */
function unavailable(error: KeysUnavailableError): GateOutcome {
  const { retryAfterSeconds } = error
  return { ok: false, error, status: 503, code: 'temporarily_unavailable', retryAfterSeconds }
}
