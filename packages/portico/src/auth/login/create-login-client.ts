import type * as OpenId from 'openid-client'

/** Options of {@link createLoginClient}. */
export interface LoginClientOptions {
  /** The issuer, discovered at `<issuer>/.well-known/openid-configuration`. */
  issuer: string
  /** `OAUTH_TOKEN_URL`: replaces the discovered token endpoint. */
  tokenUrl?: string
}

/** An outcome of the login client: a value, or a status and a message for the person. */
export type LoginResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 502; detail: string }

/** What one authorization request asks for. */
export interface AuthorizationRequest {
  clientId: string
  redirectUri: string
  scope: string
  /** RFC 8707 resource indicator. */
  resource?: string
  /** Further parameters the authorization server understands (`portico_deploy`). */
  extraParameters?: Record<string, string>
}

/** Where to send the browser, and the secrets the callback is checked against. */
export interface AuthorizationStart {
  url: URL
  state: string
  nonce: string
  codeVerifier: string
}

/** What the callback brings and what the login remembered. */
export interface CodeExchange {
  clientId: string
  /** The `redirect_uri` of the request, with the callback's query (`code`, `state`, `iss`). */
  callbackUrl: URL
  state: string
  nonce: string
  codeVerifier: string
  resource?: string
}

/** The exchange's result: the access token and the ID token's claims. */
export interface LoginTokens {
  accessToken: string
  claims: Readonly<Record<string, unknown>>
}

/** The OAuth client side of the docs-site login (authorization code + PKCE, a public client). */
export interface LoginClient {
  startAuthorization(request: AuthorizationRequest): Promise<LoginResult<AuthorizationStart>>
  exchangeCode(exchange: CodeExchange): Promise<LoginResult<LoginTokens>>
}

/** Longest a discovery or a token request may take. */
const TIMEOUT_SECONDS = 10

/** Client ids a login may use at once are few; the Host header is not ours to trust with more. */
const MAX_CONFIGURATIONS = 16

/**
 * The login client over `openid-client` (loaded on first use: anonymous plugins never load it).
 * The issuer's configuration is discovered once per `client_id` and kept; a failed discovery is
 * not kept, so the next login tries again. Requests to an `http:` issuer (a local hub, a test
 * server) are allowed only for it. Failures come back as values that name the issuer, never as
 * throws, and never carry the code or a token.
 *
 * @example
 * import { createLoginClient } from './create-login-client.js'
 * const client = createLoginClient({ issuer: 'https://login.example.com/' })
 * const started = await client.startAuthorization({ clientId, redirectUri, scope: 'openid' })
 */
export function createLoginClient(options: LoginClientOptions): LoginClient {
  const { issuer, tokenUrl } = options
  const configurations = new Map<string, Promise<OpenId.Configuration>>()

  const configure = async (clientId: string): Promise<OpenId.Configuration> => {
    const openid = await loadOpenIdClient()
    const discovered = await openid.discovery(new URL(issuer), clientId, undefined, openid.None(), {
      execute: isHttp(issuer) ? [openid.allowInsecureRequests] : [],
      timeout: TIMEOUT_SECONDS,
    })
    if (tokenUrl === undefined) return discovered
    // The metadata without its helper methods, which are not metadata.
    const { supportsPKCE: _helper, ...metadata } = discovered.serverMetadata()
    const config = new openid.Configuration(
      { ...metadata, token_endpoint: tokenUrl },
      clientId,
      undefined,
      openid.None(),
    )
    config.timeout = TIMEOUT_SECONDS
    if (isHttp(issuer) || isHttp(tokenUrl)) openid.allowInsecureRequests(config)
    return config
  }
  const configurationFor = (clientId: string): Promise<OpenId.Configuration> => {
    let config = configurations.get(clientId)
    if (config === undefined) {
      if (configurations.size >= MAX_CONFIGURATIONS) configurations.clear()
      config = configure(clientId)
      configurations.set(clientId, config)
      const pending = config
      pending.catch(() => {
        if (configurations.get(clientId) === pending) configurations.delete(clientId)
      })
    }
    return config
  }
  // The discovered configuration of a client, or the 502 that names the issuer.
  const configured = async (clientId: string): Promise<LoginResult<OpenId.Configuration>> => {
    try {
      return { ok: true, value: await configurationFor(clientId) }
    } catch (error) {
      return {
        ok: false,
        status: 502,
        detail: `The authorization server ${issuer} could not be discovered (${reasonOf(error)}): check that it is up and that OAUTH_ISSUER names it`,
      }
    }
  }

  return {
    async startAuthorization(request) {
      const found = await configured(request.clientId)
      if (!found.ok) return found
      const config = found.value
      if (!config.serverMetadata().supportsPKCE('S256')) {
        return {
          ok: false,
          status: 502,
          detail: `The authorization server ${issuer} does not announce PKCE with S256 (code_challenge_methods_supported), which the login requires`,
        }
      }
      // The configuration is kept from an earlier login: the server may have gone down since,
      // and the browser would end on its own "can't be reached" page instead of ours.
      const authorizationEndpoint = config.serverMetadata().authorization_endpoint
      if (authorizationEndpoint !== undefined) {
        const unreachable = await reachFailure(authorizationEndpoint)
        if (unreachable !== undefined) {
          return {
            ok: false,
            status: 502,
            detail: `The sign-in service at ${new URL(authorizationEndpoint).origin} cannot be reached (${unreachable}): it may be down. Try again once it is up.`,
          }
        }
      }
      const openid = await loadOpenIdClient()
      const state = openid.randomState()
      const nonce = openid.randomNonce()
      const codeVerifier = openid.randomPKCECodeVerifier()
      const url = openid.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: request.scope,
        state,
        nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(request.resource === undefined ? {} : { resource: request.resource }),
        ...request.extraParameters,
      })
      return { ok: true, value: { url, state, nonce, codeVerifier } }
    },

    async exchangeCode(exchange) {
      const found = await configured(exchange.clientId)
      if (!found.ok) return found
      const config = found.value
      const openid = await loadOpenIdClient()
      try {
        const tokens = await openid.authorizationCodeGrant(
          config,
          exchange.callbackUrl,
          {
            pkceCodeVerifier: exchange.codeVerifier,
            expectedState: exchange.state,
            expectedNonce: exchange.nonce,
            idTokenExpected: true,
          },
          exchange.resource === undefined ? undefined : { resource: exchange.resource },
        )
        return {
          ok: true,
          value: { accessToken: tokens.access_token, claims: tokens.claims() ?? {} },
        }
      } catch (error) {
        return exchangeFailure(openid, issuer, error)
      }
    },
  }
}

let openIdClient: Promise<typeof OpenId> | undefined

function loadOpenIdClient(): Promise<typeof OpenId> {
  openIdClient ??= import('openid-client')
  return openIdClient
}

/**
 * A refused code (`invalid_grant`: expired, used, or not this client's) is the browser's
 * request gone stale: 400. Anything else (the server unreachable, an answer that fails the
 * checks of `iss`, `state`, nonce or ID token) is the upstream's: 502.
 */
function exchangeFailure(
  openid: typeof OpenId,
  issuer: string,
  error: unknown,
): LoginResult<never> {
  if (
    error instanceof openid.ResponseBodyError ||
    error instanceof openid.AuthorizationResponseError
  ) {
    const description = error.error_description ? ` (${error.error_description})` : ''
    return {
      ok: false,
      status: error.error === 'invalid_grant' ? 400 : 502,
      detail: `The authorization server ${issuer} refused the code: ${error.error}${description}`,
    }
  }
  return {
    ok: false,
    status: 502,
    detail: `The code could not be exchanged at ${issuer} (${reasonOf(error)})`,
  }
}

/** Longest the reachability check of the authorization endpoint may take. */
const PROBE_TIMEOUT_MS = 3000

/**
 * Why `url` cannot be reached, or `undefined` when it answers at all: a HEAD request, not
 * followed, whose status does not matter (an authorization endpoint refuses a bare request).
 */
async function reachFailure(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return undefined
  } catch (error) {
    return reasonOf(error)
  }
}

/** A short reason: the error's message and the network code under it (`ECONNREFUSED`). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause as { code?: unknown } | undefined
  const code = typeof cause?.code === 'string' ? cause.code : undefined
  return code === undefined || error.message.includes(code)
    ? error.message
    : `${error.message}: ${code}`
}

function isHttp(url: string): boolean {
  return url.startsWith('http:')
}
