import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client'
import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selfSignedCertificate } from '../../../hub/test/support/self-signed-certificate.js'
import { signInThroughHub } from '../../../hub/test/support/sign-in.js'
import { MemoryOAuthProvider } from '../support/memory-oauth-provider.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * The official MCP SDK v2 client's OAuth support against `/mcp` of a portico-hub plugin and a
 * real Portico hub: the 401 challenge, metadata discovery, client registration (dynamic, then
 * in a second case a Client ID Metadata Document on https), authorization code with PKCE
 * completed by driving the hub's login page, the token exchange, a refresh, and `tools/call`
 * seeing the user.
 */

/** Never requested: the sign-in driver stops at the redirect to it, as a native app would. */
const REDIRECT_URL = 'http://127.0.0.1:8976/callback'

let hub: Hub
let served: ServedPlugin
let documentServer: Server
let clientMetadataUrl: string

beforeAll(async () => {
  const { key, cert } = await selfSignedCertificate()
  // The client's metadata document, on https as the SDK requires of a CIMD client id.
  documentServer = createServer({ key, cert }, (request, response) => {
    if (request.url !== '/oauth/client.json') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        client_id: clientMetadataUrl,
        client_name: 'Portico CIMD test client',
        redirect_uris: [REDIRECT_URL],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    )
  })
  await new Promise<void>((done) => documentServer.listen(0, '127.0.0.1', done))
  const { port } = documentServer.address() as AddressInfo
  clientMetadataUrl = `https://localhost:${port}/oauth/client.json`

  hub = await startHub({ port: 0, store: createMemoryStore(), clientMetadata: { ca: cert } })
  const dir = fixtureDir('auth-hub-plugin')
  served = await servePlugin(dir, {
    auth: await authSettingsFromEnv(dir, { OAUTH_ISSUER: hub.issuer }),
  })
})

afterAll(async () => {
  await served?.close()
  await hub?.close()
  await new Promise<void>((done) => (documentServer ? documentServer.close(() => done()) : done()))
})

describe.each([
  { registration: 'dynamic client registration', cimd: false },
  { registration: 'a client ID metadata document', cimd: true },
])('the MCP SDK client with $registration', ({ cimd }) => {
  const oauth = () =>
    new MemoryOAuthProvider({
      redirectUrl: REDIRECT_URL,
      ...(cimd ? { clientMetadataUrl } : {}),
    })
  let provider: MemoryOAuthProvider
  const clients: Client[] = []

  function connect(): Promise<void> {
    const client = new Client({ name: 'hub-sdk-flow', version: '1' })
    clients.push(client)
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: provider,
    })
    return client.connect(transport)
  }

  beforeAll(() => {
    provider = oauth()
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
  })

  it('is challenged, discovers the hub, registers and is sent to authorize with PKCE', async () => {
    await expect(connect()).rejects.toBeInstanceOf(UnauthorizedError)
    const authorization = provider.authorizationUrl
    expect(authorization?.origin).toBe(new URL(hub.issuer).origin)
    const query = authorization?.searchParams
    expect(query?.get('code_challenge_method')).toBe('S256')
    expect(query?.get('resource')).toBe(`${served.url}/mcp`)
    expect(query?.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['portico-hub-test', 'profile', 'email']),
    )
    if (cimd) {
      expect(query?.get('client_id')).toBe(clientMetadataUrl)
    } else {
      expect(provider.savedClient?.client_id).toBeTruthy()
      expect(query?.get('client_id')).toBe(provider.savedClient?.client_id)
      expect(query?.get('client_id')).not.toMatch(/^https:/)
    }
  })

  it("signs in on the hub's login page and exchanges the code for a JWT", async () => {
    if (provider.authorizationUrl === undefined) throw new Error('No authorization URL')
    const callback = await signInThroughHub(provider.authorizationUrl, { user: 'alice' })
    expect(callback.searchParams.get('error')).toBeNull()
    expect(callback.searchParams.get('state')).toBe(provider.expectedState)
    const code = callback.searchParams.get('code')
    if (code === null) throw new Error(`No code in ${callback.href}`)
    const transport = new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`), {
      authProvider: provider,
    })
    await transport.finishAuth(code, hub.issuer)
    const claims = decodeJwt(provider.savedTokens?.access_token ?? '')
    expect(claims).toMatchObject({
      iss: hub.issuer,
      sub: 'alice',
      preferred_username: 'alice',
      email_verified: true,
    })
    expect(claims.aud).toEqual(
      expect.arrayContaining(['urn:portico:hub:test', `${served.url}/mcp`]),
    )
    expect(String(claims.scope).split(' ')).toContain('portico-hub-test')
    expect(provider.savedTokens?.refresh_token).toBeTruthy()
  })

  it('calls a tool over MCP as the user', async () => {
    await connect()
    const client = clients[clients.length - 1] as Client
    const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
    expect(result.structuredContent).toMatchObject({ uid: 'alice', orgs: expect.any(Array) })
  })

  it('refreshes a refused access token with its refresh token, which rotates', async () => {
    const before = provider.savedTokens
    if (before?.refresh_token === undefined) throw new Error('No refresh token')
    // A token the plugin refuses: the SDK then refreshes instead of asking the user again.
    provider.saveTokens({ ...before, access_token: 'not-a-valid-token' })
    await connect()
    const after = provider.savedTokens
    expect(after?.access_token).not.toBe('not-a-valid-token')
    expect(after?.refresh_token).toBeTruthy()
    expect(after?.refresh_token).not.toBe(before.refresh_token)
    const client = clients[clients.length - 1] as Client
    const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
    expect(result.structuredContent).toMatchObject({ uid: 'alice' })
  })
})
