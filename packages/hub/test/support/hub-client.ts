import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import * as oidc from 'openid-client'
import type { Hub } from '../../src/index.js'
import { type SignInAs, signInThroughHub } from './sign-in.js'

/** Never requested: the sign-in driver stops at the redirect to it. */
export const CALLBACK_URI = 'http://127.0.0.1:8976/callback'

/** openid-client over plain http, as against a hub on loopback. */
const INSECURE = { execute: [oidc.allowInsecureRequests] }

/** A fixed PKCE challenge: the tests that use it never exchange the code. */
const CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

/**
 * The hub's answer to an authorization request of `clientId` (code flow with PKCE, to
 * {@link CALLBACK_URI}), as a browser gets it before following anything: status and page.
 */
export async function requestAuthorization(
  hubUrl: string,
  clientId: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; html: string }> {
  const url = new URL(`${hubUrl}/auth`)
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: CALLBACK_URI,
    ...extra,
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
  }).toString()
  const response = await fetch(url, { redirect: 'manual' })
  return { status: response.status, html: await response.text() }
}

/** Registers a public client at the hub (RFC 7591), as an MCP client does. */
export function registerPublicClient(
  hub: Hub,
  metadata: Partial<oidc.ClientMetadata> = {},
): Promise<oidc.Configuration> {
  return oidc.dynamicClientRegistration(
    new URL(hub.issuer),
    {
      client_name: 'Test MCP client',
      redirect_uris: [CALLBACK_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    },
    oidc.None(),
    INSECURE,
  )
}

/** A client of the hub that needs no registration (pre-registered or a metadata document). */
export function knownClient(hub: Hub, clientId: string): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(hub.issuer), clientId, undefined, oidc.None(), INSECURE)
}

/** An authorization request of a flow, and what its token request needs. */
export interface AuthorizationRequest {
  url: URL
  verifier: string
  state: string
}

/** Builds an authorization request with PKCE (S256) and `state`. */
export async function buildAuthorization(
  config: oidc.Configuration,
  parameters: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK_URI,
    scope: 'openid offline_access portico-hub-test profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...parameters,
  })
  return { url, verifier, state }
}

/** Options of {@link obtainTokens}. */
export interface ObtainTokensOptions {
  /** Authorization request parameters, over the defaults of {@link buildAuthorization}. */
  parameters?: Record<string, string>
  /** Token request parameters (e.g. `resource`). */
  tokenParameters?: Record<string, string>
  who?: SignInAs
}

/** The whole code flow: authorize, sign in at the hub's page, exchange the code. */
export async function obtainTokens(
  config: oidc.Configuration,
  options: ObtainTokensOptions = {},
): Promise<oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers> {
  const request = await buildAuthorization(config, options.parameters)
  const callback = await signInThroughHub(request.url, options.who ?? { user: 'alice' })
  return oidc.authorizationCodeGrant(
    config,
    callback,
    { pkceCodeVerifier: request.verifier, expectedState: request.state },
    options.tokenParameters,
  )
}

/** Verifies an access token as a resource server would (RFC 9068), against the hub's JWKS. */
export async function verifyAccessToken(
  hub: Hub,
  token: string,
  audience?: string,
): Promise<{ payload: JWTPayload; kid: string | undefined }> {
  const jwks = createRemoteJWKSet(new URL(`${hub.url}/jwks`))
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer: hub.issuer,
    typ: 'at+jwt',
    algorithms: ['RS256'],
    ...(audience === undefined ? {} : { audience }),
  })
  return { payload, kid: protectedHeader.kid }
}
