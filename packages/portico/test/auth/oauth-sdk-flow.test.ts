import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryOAuthProvider } from '../support/memory-oauth-provider.js'
import {
  loginThrough,
  OIDC_ACCOUNTS,
  type OidcIssuer,
  startOidcIssuer,
} from '../support/oidc-issuer.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * The official MCP client (SDK v2) against a real authorization server (oidc-provider), end to
 * end: dynamic client registration, authorization code with PKCE (S256) and the RFC 8707
 * resource the metadata advertises, the development login and consent pages driven over HTTP,
 * then a tool call on a plugin in mode custom that sees the user. Once with Bearer tokens, once
 * with DPoP-bound ones (RFC 9449), whose key the SDK holds in a `DpopSession`.
 */

const REQUIRED_SCOPE = 'notes.read'
const ACCOUNT_ID = 'alice' satisfies keyof typeof OIDC_ACCOUNTS
const alice = OIDC_ACCOUNTS[ACCOUNT_ID]
/** Never requested: the login driver stops at the redirect to it, as a native app would. */
const REDIRECT_URL = 'http://127.0.0.1:8976/callback'

let issuer: OidcIssuer
let served: ServedPlugin

beforeAll(async () => {
  issuer = await startOidcIssuer({ requiredScope: REQUIRED_SCOPE })
  const dir = fixtureDir('auth-custom-plugin')
  // Mode custom requires OAUTH_AUDIENCE or OAUTH_RESOURCE; this audience is one no token
  // carries, so a token passes only as the resource the metadata advertises, `<origin>/mcp`,
  // which the client sends as its resource indicator (OAUTH_RESOURCE would fix the origin).
  const auth = await authSettingsFromEnv(dir, {
    OAUTH_ISSUER: issuer.issuer,
    OAUTH_AUDIENCE: 'urn:portico:test:unused-audience',
    OAUTH_SCOPE: REQUIRED_SCOPE,
  })
  served = await servePlugin(dir, { auth })
})
afterAll(async () => {
  await Promise.all([served?.close(), issuer?.close()])
})

/** What Portico answered on its MCP endpoint, for the failure messages. */
interface McpExchange {
  request: string
  /** The `Authorization` scheme sent, and whether a `DPoP` proof went with it. */
  credentials: string
  status: number
  wwwAuthenticate: string | null
  body: string
}

/** A fetch that keeps what the plugin answered, under the SDK's own DPoP wrapping. */
function recordingFetch(exchanges: McpExchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const url = new URL(input instanceof Request ? input.url : input)
    if (url.origin === new URL(served.url).origin) {
      const headers = new Headers(init?.headers)
      const scheme = headers.get('authorization')?.split(' ')[0] ?? 'none'
      exchanges.push({
        request: `${init?.method ?? 'GET'} ${url.pathname}`,
        credentials: `${scheme}${headers.has('dpop') ? ' + proof' : ''}`,
        status: response.status,
        wwwAuthenticate: response.headers.get('www-authenticate'),
        body: response.status >= 400 ? await response.clone().text() : '',
      })
    }
    return response
  }
}

function describeExchanges(exchanges: McpExchange[]): string {
  return exchanges
    .map(
      (e) => `${e.request} (${e.credentials}) → ${e.status} ${e.wwwAuthenticate ?? ''} ${e.body}`,
    )
    .join('\n')
}

describe.each([{ dpop: false }, { dpop: true }])('the MCP SDK client, DPoP $dpop', ({ dpop }) => {
  const oauth = new MemoryOAuthProvider({ redirectUrl: REDIRECT_URL, dpop })
  const exchanges: McpExchange[] = []
  const clients: Client[] = []

  function connect(): Promise<void> {
    const client = new Client({ name: 'oauth-sdk-flow', version: '1' })
    clients.push(client)
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: oauth,
      fetch: recordingFetch(exchanges),
    })
    return client.connect(transport)
  }

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
  })

  it('registers and is sent to authorize with PKCE S256 and the advertised resource', async () => {
    const first = connect()
    await expect(first).rejects.toBeInstanceOf(UnauthorizedError)
    const clientId = oauth.savedClient?.client_id
    expect(clientId).toBeTruthy()
    expect(issuer.registeredClientIds).toContain(clientId)
    const query = oauth.authorizationUrl?.searchParams
    expect(oauth.authorizationUrl?.origin).toBe(issuer.issuer)
    expect(query?.get('client_id')).toBe(clientId)
    expect(query?.get('response_type')).toBe('code')
    expect(query?.get('code_challenge_method')).toBe('S256')
    expect(query?.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(query?.get('resource')).toBe(`${served.url}/mcp`)
    expect(query?.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([REQUIRED_SCOPE, 'profile', 'email']),
    )
    expect(query?.get('state')).toBe(oauth.expectedState)
  })

  it(`signs in, exchanges the code and gets a ${dpop ? 'DPoP-bound' : 'Bearer'} JWT for the resource`, async () => {
    if (oauth.authorizationUrl === undefined) throw new Error('No authorization URL recorded')
    const code = await loginThrough(oauth.authorizationUrl, ACCOUNT_ID)
    // oidc-provider advertises RFC 9207 `iss` in responses, so the SDK wants it back too;
    // loginThrough made sure the callback carried it.
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: oauth,
    })
    await transport.finishAuth(code, issuer.issuer)
    const tokens = oauth.savedTokens
    if (tokens === undefined) throw new Error('No tokens saved')
    const claims = decodeJwt(tokens.access_token)
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt')
    expect(claims).toMatchObject({
      iss: issuer.issuer,
      aud: `${served.url}/mcp`,
      sub: ACCOUNT_ID,
      email: alice.email,
      email_verified: true,
      name: alice.name,
      orgs: alice.orgs,
    })
    expect(String(claims.scope).split(' ')).toContain(REQUIRED_SCOPE)
    if (dpop) {
      const session = await oauth.dpop?.()
      expect(tokens.token_type.toLowerCase()).toBe('dpop')
      expect(claims.cnf).toEqual({ jkt: session?.thumbprint })
    } else {
      expect(tokens.token_type.toLowerCase()).toBe('bearer')
      expect(claims.cnf).toBeUndefined()
    }
    expect(issuer.serverErrors).toEqual([])
  })

  it("calls a tool over MCP, which sees the user's context", async () => {
    const before = exchanges.length
    try {
      await connect()
    } catch (error) {
      throw new Error(`connect failed: ${String(error)}\n${describeExchanges(exchanges)}`)
    }
    const client = clients[clients.length - 1] as Client
    const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
    expect(result.structuredContent).toMatchObject({
      uid: ACCOUNT_ID,
      email: alice.email,
      name: alice.name,
      orgs: alice.orgs,
      initials: 'AL',
      picture: alice.picture,
    })
    // Every request of this connection carried the token, in the scheme it was issued for, and
    // none was refused (the GET for a server-sent stream gets 405: the server is stateless).
    const sent = exchanges.slice(before)
    expect(sent.length).toBeGreaterThan(0)
    for (const exchange of sent) {
      expect(exchange.credentials, describeExchanges(sent)).toBe(dpop ? 'DPoP + proof' : 'Bearer')
      expect([401, 403], describeExchanges(sent)).not.toContain(exchange.status)
    }
  })

  if (dpop) {
    it('refuses the DPoP-bound token sent as Bearer', async () => {
      const token = oauth.savedTokens?.access_token
      if (token === undefined) throw new Error('No access token: the flow did not complete')
      const response = await postToolsList(`${served.url}/mcp`, {
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2025-11-25',
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/DPoP/)
    })
  } else {
    it('passes the token for the /mcp resource on REST too', async () => {
      const token = oauth.savedTokens?.access_token
      if (token === undefined) throw new Error('No access token: the flow did not complete')
      const response = await fetch(`${served.url}/api/Me/whoami`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ uid: ACCOUNT_ID, email: alice.email })
    })
  }
})
