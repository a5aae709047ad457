import type { JWTPayload } from 'jose'
import type { InsufficientScopeError } from '../core/insufficient-scope-error.js'
import type { PorticoCaller } from '../core/plugin-context.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import type { Pending } from '../core/settled.js'
import { memoizeByOrigin } from '../http/memoize-by-origin.js'
import { type AuthSettings, DPOP_ALGORITHMS } from './auth-settings.js'
import { type AuthErrorCode, buildAuthChallenge } from './build-auth-challenge.js'
import { claimsToContext } from './claims-to-context.js'
import {
  createDpopProofVerifier,
  DpopProofError,
  type DpopProofVerifier,
} from './create-dpop-proof-verifier.js'
import {
  createTokenVerifier,
  type TokenVerifier,
  type VerifiedToken,
} from './create-token-verifier.js'
import { type Credentials, extractCredentials, type TokenScheme } from './extract-credentials.js'
import { KeysUnavailableError } from './keys-unavailable-error.js'
import { acceptedAudiences, protectedResourceMetadataUrl } from './protected-resource-metadata.js'
import { rememberCredentials } from './remember-credentials.js'

/** What the gate needs of a request to `/api/*` or `/mcp*`, whatever the runtime. */
export interface GateRequest {
  authorization: string | null
  /** The `DPoP` proof header (RFC 9449), or null; repeated headers joined by `, `. */
  dpop: string | null
  /** The HTTP method and the URL path, which a DPoP proof's `htm` and `htu` must name. */
  method: string
  pathname: string
  /** The query string, `?…` or empty. */
  search: string
  /** The public origin (see `requestOrigin`). */
  origin: string
  /** The protected resource's path: `/` for the REST API, `/mcp` or `/mcp/<server>`. */
  resourcePath: string
}

/**
 * The outcome of a gate check: the caller's context, or the answer that refuses it, with the
 * RFC 6750 error code every surface reports (absent when no credentials were sent).
 */
export type GateOutcome =
  | { ok: true; context: PorticoCaller }
  | {
      ok: false
      error: PorticoError
      status: 400 | 401 | 403
      code?: AuthErrorCode
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

/** A 400, 401 or 403 refusal, with its challenge. */
export type GateRefusal = Extract<GateOutcome, { status: 400 | 401 | 403 }>

/** The resource server side of Portico's authenticated modes. */
export interface AuthGate {
  readonly settings: AuthSettings
  /**
   * The outcome at once for a token verified lately, a bearer token or one with no proof to
   * wait for (no turn of the microtask queue on the hot path); a promise otherwise.
   */
  check(request: GateRequest): Pending<GateOutcome>
  /**
   * The 403 of a caller whose token lacks a tool's `@scope` (after `check` admitted it): the
   * challenge of every refusal, with `error="insufficient_scope"` and as `scope` the plugin's
   * required scopes plus the tool's, which a client asks for when it authorizes again.
   */
  refuseScope?(
    error: InsufficientScopeError,
    request: Pick<GateRequest, 'authorization' | 'origin' | 'resourcePath'>,
  ): GateRefusal
  /** Whether tokens can be checked now (the issuer's keys can be had): `/readyz` asks. */
  ready?(): Promise<boolean>
}

/** Options of {@link createAuthGate}. */
export interface AuthGateOptions {
  /** The verifier; built from the settings when not given. */
  verifier?: TokenVerifier
  /** Maps verified claims to the tool context; default {@link claimsToContext}. */
  claimsToContext?: (claims: JWTPayload, token: string) => PorticoCaller
}

/**
 * Checks access tokens on the protected surfaces (spec 5.4): a JWT in the `Authorization`
 * header, verified against the issuer's keys, the expected audience and the required scopes;
 * a DPoP-bound token (`cnf.jkt`) only under the `DPoP` scheme with a proof signed by its key
 * (RFC 9449 §7), never as a bearer token. Refusals carry the RFC 9728 challenge whose
 * `resource_metadata` points at the metadata of the resource asked for. A token in the query
 * string is refused: URLs end up in logs.
 */
export function createAuthGate(settings: AuthSettings, options: AuthGateOptions = {}): AuthGate {
  const verifier = options.verifier ?? createTokenVerifier(settings)
  const proofs = createDpopProofVerifier(settings.clockToleranceSeconds)
  const toContext = rememberContexts(options.claimsToContext ?? claimsToContext)
  const credentialsOf = rememberCredentials()
  const audiencesOf = memoizeByOrigin((origin) => {
    const byPath = new Map<string, string[]>()
    return (resourcePath: string) => {
      let audiences = byPath.get(resourcePath)
      if (audiences === undefined) {
        audiences = acceptedAudiences(settings, { origin, resourcePath })
        byPath.set(resourcePath, audiences)
      }
      return audiences
    }
  })
  return {
    settings,
    ready: () => verifier.ready?.() ?? Promise.resolve(true),
    refuseScope(error, request) {
      const scopes = [...new Set([...settings.requiredScopes, ...error.requiredScopes])]
      const scheme = extractCredentials(request.authorization)?.scheme
      return refusal(error, request, { ...settings, advertisedScopes: scopes }, true, scheme)
    },
    check(request) {
      let credentials: Readonly<Credentials> | undefined
      try {
        if (/[?&]access_token=/.test(request.search)) {
          // RFC 6750 §2: one method per request; with the header as well, the request is malformed.
          throw new PorticoError(
            request.authorization === null ? 'unauthorized' : 'bad_request',
            'Send the token in the Authorization header, never in the URL',
          )
        }
        credentials = credentialsOf(request.authorization)
        if (credentials === undefined)
          throw new PorticoError('unauthorized', 'An access token is required')
        const audiences = audiencesOf(request.origin)(request.resourcePath)
        const known = verifier.remembered?.(credentials.token, audiences)
        if (known) return admit(credentials, known, request)
        const sent = credentials
        return verifier
          .verify(sent.token, audiences)
          .then((verified) => admit(sent, verified, request))
          .catch((error: unknown) => refuse(error, request, sent))
      } catch (error) {
        return refuse(error, request, credentials)
      }
    },
  }

  /** The caller of a verified token, once a bound token's proof (if any) is checked. */
  function admit(
    credentials: Readonly<Credentials>,
    verified: VerifiedToken,
    request: GateRequest,
  ): Pending<GateOutcome> {
    const admitted: GateOutcome = {
      ok: true,
      context: toContext(verified.claims, verified.token),
    }
    // A bearer token has nothing to wait for: no turn of the queue for it.
    const proven = checkBinding(credentials, verified.claims, request, proofs)
    return proven
      ? proven.then(
          () => admitted,
          (error: unknown) => refuse(error, request, credentials),
        )
      : admitted
  }

  /**
   * The refusal of what `check` threw; anything else rejects, as from an async function, and
   * never throws at the caller.
   */
  function refuse(
    error: unknown,
    request: GateRequest,
    credentials: Readonly<Credentials> | undefined,
  ): GateOutcome | Promise<never> {
    if (isPorticoError(error) && error.kind === 'unavailable') return unavailable(error)
    if (!isPorticoError(error) || !REFUSALS.has(error.kind)) return Promise.reject(error)
    const tokenSent = request.authorization !== null || /[?&]access_token=/.test(request.search)
    return refusal(error, request, settings, tokenSent, credentials?.scheme)
  }
}

/**
 * Maps each verified claims object once: the verifier hands back the same object for a
 * remembered token. Each call gets its own copy, so a tool that changes its context changes
 * nobody else's.
 */
function rememberContexts(
  toContext: (claims: JWTPayload, token: string) => PorticoCaller,
): (claims: JWTPayload, token: string) => PorticoCaller {
  const contexts = new WeakMap<JWTPayload, PorticoCaller>()
  return (claims, token) => {
    let context = contexts.get(claims)
    if (context === undefined) {
      context = toContext(claims, token)
      contexts.set(claims, context)
    }
    return {
      ...context,
      orgs: [...context.orgs],
      avatar: { ...context.avatar },
      scopes: [...context.scopes],
    }
  }
}

/**
 * RFC 9449 §7: a token bound to a key (`cnf`) passes only under the `DPoP` scheme with a valid
 * proof by that key; under `DPoP`, only a token bound by `cnf.jkt` passes. Throws a refusal at
 * once; a promise only where a proof is to be checked.
 */
function checkBinding(
  credentials: Readonly<Credentials>,
  claims: JWTPayload,
  request: GateRequest,
  proofs: DpopProofVerifier,
): Promise<void> | undefined {
  const { cnf } = claims
  if (credentials.scheme === 'Bearer') {
    if (cnf === undefined) return undefined
    throw new PorticoError(
      'unauthorized',
      'The token is bound to a key: send it with the DPoP scheme and a DPoP proof',
    )
  }
  const boundKey = typeof cnf === 'object' && cnf !== null && 'jkt' in cnf ? cnf.jkt : undefined
  if (typeof boundKey !== 'string') {
    throw new PorticoError('unauthorized', 'The token is not DPoP-bound: send it as Bearer')
  }
  return checkProof(credentials.token, boundKey, request, proofs)
}

/** The DPoP proof of a request holds, and is signed by the key the token is bound to. */
async function checkProof(
  token: string,
  boundKey: string,
  request: GateRequest,
  proofs: DpopProofVerifier,
): Promise<void> {
  const thumbprint = await proofs.verify({
    proof: request.dpop,
    method: request.method,
    url: `${request.origin}${request.pathname}`,
    accessToken: token,
  })
  if (thumbprint !== boundKey) {
    throw new PorticoError(
      'unauthorized',
      'The DPoP proof is signed by another key than the token names',
    )
  }
}

/** The kinds of error a gate check answers itself (400, 401, 403); anything else is thrown. */
const REFUSALS = new Set(['bad_request', 'unauthorized', 'forbidden'])

function refusal(
  error: PorticoError,
  request: Pick<GateRequest, 'origin' | 'resourcePath'>,
  settings: AuthSettings,
  tokenSent: boolean,
  scheme: TokenScheme | undefined,
): GateRefusal {
  const code = errorCodeOf(error, tokenSent)
  const challenge = buildAuthChallenge({
    resourceMetadataUrl: protectedResourceMetadataUrl(request.origin, request.resourcePath),
    scopes: settings.advertisedScopes,
    dpopAlgorithms: DPOP_ALGORITHMS,
    ...(scheme === undefined ? {} : { scheme }),
    ...(code === undefined ? {} : { error: code, description: error.message }),
  })
  const status = code === 'invalid_request' ? 400 : code === 'insufficient_scope' ? 403 : 401
  return { ok: false, error, status, ...(code === undefined ? {} : { code }), challenge }
}

/** RFC 6750 §3.1: no error code when the request carried no credentials at all. */
function errorCodeOf(error: PorticoError, tokenSent: boolean): AuthErrorCode | undefined {
  if (error instanceof DpopProofError) return 'invalid_dpop_proof'
  if (error.kind === 'bad_request') return 'invalid_request'
  if (error.kind === 'forbidden') return 'insufficient_scope'
  return tokenSent ? 'invalid_token' : undefined
}

/** Seconds to wait after an outage a custom verifier reports without saying how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 30

/**
 * 503 rather than 401: an outage (the key store's, which it logs, or one a custom verifier
 * reports as kind `unavailable`) says nothing about the token.
 */
function unavailable(error: PorticoError): GateOutcome {
  const retryAfterSeconds =
    error instanceof KeysUnavailableError ? error.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS
  return { ok: false, error, status: 503, code: 'temporarily_unavailable', retryAfterSeconds }
}
