import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import type { Account, AccountClaims, Configuration } from 'oidc-provider'
import {
  decodeEntities,
  driveAuthorization,
} from '../../../hub/test/support/drive-authorization.js'

/** What an account of the issuer says about its user, besides `sub` (the account id). */
export interface OidcProfile {
  email: string
  name: string
  preferredUsername: string
  picture: string
  orgs: string[]
}

/** The accounts {@link startOidcIssuer} knows unless told otherwise, by account id. */
export const OIDC_ACCOUNTS = {
  alice: {
    email: 'alice@example.com',
    name: 'Alice Liddell',
    preferredUsername: 'alice',
    picture: 'https://img.example.com/alice.png',
    orgs: ['wonderland', 'looking-glass'],
  },
} satisfies Record<string, OidcProfile>

/** Options of {@link startOidcIssuer}. */
export interface OidcIssuerOptions {
  /** The scope the resource server requires; it grants it plus `profile email`. Default `notes.read`. */
  requiredScope?: string
  /** Accounts by id; default {@link OIDC_ACCOUNTS}. */
  accounts?: Readonly<Record<string, OidcProfile>>
  /**
   * Public clients registered ahead, as an identity provider's administrator registers a
   * docs-site login (`OAUTH_CLIENT_ID`): PKCE without a secret, code flow only. They are
   * native clients, so a loopback redirect URI matches on any port (RFC 8252 §7.3), as the
   * ephemeral ports of the tests need.
   */
  publicClients?: readonly { clientId: string; redirectUris: string[] }[]
}

/** A real `oidc-provider` on loopback: registration, PKCE, resource indicators, DPoP. */
export interface OidcIssuer {
  /** `http://127.0.0.1:<port>`, as tokens carry it in `iss`. */
  issuer: string
  /** Client ids registered dynamically so far, in order. */
  readonly registeredClientIds: readonly string[]
  /** Errors the provider answered with `server_error`: none is expected. */
  readonly serverErrors: readonly Error[]
  close(): Promise<void>
}

/**
 * Starts `oidc-provider` on 127.0.0.1, port 0, with an RS256 key of its own. Every resource
 * indicator is a resource server that grants the required scope plus `profile email` and gets
 * JWT access tokens (`at+jwt`) carrying the user's `email`, `email_verified`, `name`, `picture`
 * and `orgs`; a DPoP proof at the token endpoint binds the token (`cnf.jkt`). Registration is
 * open and public clients may use http loopback redirect URIs, as native clients do.
 */
export async function startOidcIssuer(options: OidcIssuerOptions = {}): Promise<OidcIssuer> {
  const accounts: Readonly<Record<string, OidcProfile>> = options.accounts ?? OIDC_ACCOUNTS
  const requiredScope = options.requiredScope ?? 'notes.read'
  const resourceScope = `${requiredScope} profile email`
  const registeredClientIds: string[] = []
  const serverErrors: Error[] = []

  // The issuer names its port, so the socket is bound before the provider exists; requests
  // cannot arrive before the port is known, so the handler is always set when one does.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end()
  }
  const server = createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  }

  const findAccount = (accountId: string): Account | undefined => {
    const profile = accounts[accountId]
    if (profile === undefined) return undefined
    return { accountId, claims: () => claimsOf(accountId, profile) }
  }

  const configuration: Configuration = {
    clients: (options.publicClients ?? []).map((client) => ({
      client_id: client.clientId,
      application_type: 'native',
      token_endpoint_auth_method: 'none',
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: (_ctx, sub) => findAccount(sub),
    // The MCP SDK registers with `scope` set to what the resource advertises, and registration
    // refuses scopes the server does not list; `profile` and `email` come from `claims`.
    scopes: ['openid', 'offline_access', requiredScope],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
    },
    features: {
      devInteractions: { enabled: true },
      // Open registration (no initial access token), as MCP clients expect.
      registration: { enabled: true },
      dPoP: { enabled: true },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: (_ctx, resourceIndicator) => ({
          scope: resourceScope,
          audience: resourceIndicator,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 600,
          jwt: { sign: { alg: 'RS256' } },
        }),
        // A code granted for one resource yields its token even without `resource` at the
        // token endpoint; the MCP SDK sends it anyway.
        defaultResource: (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: () => true,
      },
    },
    pkce: { required: () => true },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined
      const profile = accountId === undefined ? undefined : accounts[accountId]
      if (accountId === undefined || profile === undefined) return undefined
      const { email, email_verified, name, picture, orgs } = claimsOf(accountId, profile)
      return { email, email_verified, name, picture, orgs }
    },
    // Explicit values: the defaults print a notice each time they are used.
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      RefreshToken: 600,
      Session: 600,
    },
  }

  silenceProviderNotices()
  const { default: Provider } = await import('oidc-provider')
  const provider = new Provider(issuer, configuration)
  provider.on('registration_create.success', (_ctx, client) => {
    registeredClientIds.push(client.clientId)
  })
  provider.on('server_error', (_ctx, error) => {
    serverErrors.push(error)
  })
  handle = provider.callback()

  return {
    issuer,
    registeredClientIds,
    serverErrors,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      })
    },
  }
}

function claimsOf(accountId: string, profile: OidcProfile): AccountClaims {
  return {
    sub: accountId,
    email: profile.email,
    email_verified: true,
    name: profile.name,
    preferred_username: profile.preferredUsername,
    picture: profile.picture,
    orgs: profile.orgs,
  }
}

let noticesSilenced = false

/**
 * Drops oidc-provider's console notices ("Unsupported runtime" on Node 20, the development-only
 * adapter and interactions): they are expected here and would bury the test output. Anything
 * else still prints. Installed once per test file (each runs in its own worker).
 */
function silenceProviderNotices(): void {
  if (noticesSilenced) return
  noticesSilenced = true
  for (const level of ['info', 'warn'] as const) {
    const print = console[level].bind(console)
    console[level] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return
      print(...args)
    }
  }
}

/**
 * Plays the user agent of an authorization request against oidc-provider's development pages,
 * over plain HTTP with a cookie jar: follows the redirects to the login page, signs in as
 * `accountId` (any password), grants the consent, and follows the redirects until the client's
 * `redirect_uri`, whose URL it returns without requesting it (the callback's `code`, `state`,
 * `iss` or `error` are in its query). Throws, with the last answer, when a step goes elsewhere.
 */
export async function authorizeThrough(authorizationUrl: URL, accountId: string): Promise<URL> {
  return driveAuthorization(authorizationUrl, {
    flow: 'authorization',
    answer(page, url) {
      const interaction = readInteractionForm(page, url)
      if (interaction === undefined) return undefined
      return {
        action: interaction.action,
        form:
          interaction.prompt === 'login'
            ? new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' })
            : new URLSearchParams({ prompt: interaction.prompt }),
      }
    },
  })
}

/**
 * {@link authorizeThrough}, checked: returns the callback's `code` after making sure it carries
 * `iss` (RFC 9207) and the `state` the request sent, and no `error`.
 */
export async function loginThrough(authorizationUrl: URL, accountId: string): Promise<string> {
  const callback = await authorizeThrough(authorizationUrl, accountId)
  const query = callback.searchParams
  const error = query.get('error')
  if (error !== null) {
    throw new Error(`The issuer refused: ${error} (${query.get('error_description') ?? ''})`)
  }
  const code = query.get('code')
  if (code === null) throw new Error(`No code in the callback ${callback.href}`)
  if (query.get('iss') === null) throw new Error(`No iss in the callback ${callback.href}`)
  if (query.get('state') !== authorizationUrl.searchParams.get('state')) {
    throw new Error(`The callback's state differs from the request's: ${callback.href}`)
  }
  return code
}

/** The form of a development login or consent page: where it posts and which prompt it answers. */
function readInteractionForm(
  html: string,
  base: URL,
): { action: URL; prompt: 'login' | 'consent' } | undefined {
  const action = /<form\b[^>]*\baction="([^"]+)"[^>]*\bmethod="post"/i.exec(html)?.[1]
  const prompt = /<input\b[^>]*\bname="prompt"[^>]*\bvalue="([^"]+)"/i.exec(html)?.[1]
  if (action === undefined || (prompt !== 'login' && prompt !== 'consent')) return undefined
  return { action: new URL(decodeEntities(action), base), prompt }
}
