import * as oidc from 'openid-client'
import { type SignInRoute, signInThroughHub } from '../../../hub/test/support/sign-in.js'

/** Never requested: the sign-in driver stops at the redirect to it. */
const REDIRECT_URI = 'http://127.0.0.1:8977/callback'

/** Options of {@link obtainHubToken}. */
export interface HubTokenOptions {
  /** The RFC 8707 resource asked for; none by default (the hub's shared audience). */
  resource?: string
  /** The test user who signs in; default `alice`. */
  user?: string
  /** Where each request of the flow goes (a load balancer in front of hub replicas). */
  route?: SignInRoute
}

/** Tokens from the hub, and how to refresh them. */
export interface HubTokens {
  accessToken: string
  refreshToken: string | undefined
  refresh(): Promise<HubTokens>
}

/**
 * A real client of a real Portico hub (openid-client): registers dynamically as a public
 * client, signs a test user in through the hub's login page, and exchanges the code with PKCE.
 */
export async function obtainHubToken(
  issuer: string,
  options: HubTokenOptions = {},
): Promise<HubTokens> {
  const insecure = { execute: [oidc.allowInsecureRequests] }
  const config = await oidc.dynamicClientRegistration(
    new URL(issuer),
    {
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    },
    oidc.None(),
    insecure,
  )
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const resource: Record<string, string> =
    options.resource === undefined ? {} : { resource: options.resource }
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid offline_access portico-hub-test profile email',
    prompt: 'consent',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...resource,
  })
  const callback = await signInThroughHub(
    authorizationUrl,
    { user: options.user ?? 'alice' },
    options.route,
  )
  const tokens = await oidc.authorizationCodeGrant(
    config,
    callback,
    { pkceCodeVerifier: verifier, expectedState: state },
    resource,
  )
  const wrap = (set: oidc.TokenEndpointResponse): HubTokens => ({
    accessToken: set.access_token,
    refreshToken: set.refresh_token,
    async refresh() {
      if (set.refresh_token === undefined) throw new Error('No refresh token was issued')
      return wrap(await oidc.refreshTokenGrant(config, set.refresh_token, resource))
    },
  })
  return wrap(tokens)
}
