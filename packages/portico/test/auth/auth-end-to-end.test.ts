import { request as httpRequest } from 'node:http'
import {
  Client,
  discoverOAuthProtectedResourceMetadata,
  extractResourceMetadataUrl,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PORTICO_HUB_AUDIENCE, PORTICO_HUB_SCOPE } from '../../src/auth/auth-settings.js'
import { protocolEras } from '../support/mcp-client.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  notesExampleDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { expectedChallenge, startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const AUDIENCE = 'https://notes.example.com'
/** jose waits this long before it fetches the key set again for an unknown kid (30 s by default). */
const JWKS_COOLDOWN_MS = 500
const claims = {
  sub: 'user-42',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  orgs: ['acme'],
  picture: 'https://img.example.com/ada.png',
  scope: 'notes.read profile email',
}

let issuer: TestIssuer
let custom: ServedPlugin
let hub: ServedPlugin

const settingsFor = authSettingsFromEnv

beforeAll(async () => {
  issuer = await startTestIssuer()
  custom = await servePlugin(fixtureDir('auth-custom-plugin'), {
    auth: await settingsFor(fixtureDir('auth-custom-plugin'), {
      OAUTH_ISSUER: issuer.issuer,
      OAUTH_AUDIENCE: AUDIENCE,
      OAUTH_SCOPE: 'notes.read',
    }),
    jwksCooldownMs: JWKS_COOLDOWN_MS,
  })
  hub = await servePlugin(fixtureDir('auth-hub-plugin'), {
    auth: await settingsFor(fixtureDir('auth-hub-plugin'), { OAUTH_ISSUER: issuer.issuer }),
  })
})
afterAll(async () => {
  await Promise.all([custom?.close(), hub?.close(), issuer?.close()])
})

function whoami(
  server: ServedPlugin,
  headers: Record<string, string>,
  search = '',
): Promise<Response> {
  return fetch(`${server.url}/api/Me/whoami${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  })
}

const expectedCaller = {
  uid: 'user-42',
  email: 'ada@example.com',
  orgs: ['acme'],
  name: 'Ada Lovelace',
  initials: 'AL',
  picture: 'https://img.example.com/ada.png',
}

describe('a valid token reaches the tool with its context', () => {
  it.each(['RS256', 'ES256'] as const)('over REST in mode custom (%s)', async (alg) => {
    const token = await issuer.mint(claims, { alg, audience: AUDIENCE })
    const response = await whoami(custom, { authorization: `Bearer ${token}` })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ...expectedCaller, tokenLength: token.length })
  })

  it.each(['RS256', 'ES256'] as const)('over REST in mode portico-hub (%s)', async (alg) => {
    const token = await issuer.mint(
      { ...claims, scope: `${PORTICO_HUB_SCOPE} profile email` },
      { alg, audience: PORTICO_HUB_AUDIENCE },
    )
    const response = await whoami(hub, { authorization: `Bearer ${token}` })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject(expectedCaller)
  })

  it.each(protocolEras)('over MCP in the $name era, in both modes', async ({ mode }) => {
    for (const [server, audience, scope] of [
      [custom, AUDIENCE, 'notes.read'],
      [hub, PORTICO_HUB_AUDIENCE, PORTICO_HUB_SCOPE],
    ] as const) {
      const token = await issuer.mint({ ...claims, scope }, { audience })
      const client = new Client(
        { name: 'auth-test', version: '1' },
        { versionNegotiation: { mode } },
      )
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      )
      const result = await client.callTool({ name: 'Me_whoami', arguments: {} })
      expect(result.structuredContent).toMatchObject(expectedCaller)
      await client.close()
    }
  })

  it('verifies tokens of rotated keys without a restart', async () => {
    await issuer.rotateKeys()
    const fetchesBefore = issuer.jwksRequests
    await new Promise((resolve) => setTimeout(resolve, JWKS_COOLDOWN_MS + 100))
    const token = await issuer.mint(claims, { audience: AUDIENCE })
    expect((await whoami(custom, { authorization: `Bearer ${token}` })).status).toBe(200)
    expect(issuer.jwksRequests).toBe(fetchesBefore + 1)
  })
})

describe('the attack suite', () => {
  const metadataUrl = () => `${custom.url}/.well-known/oauth-protected-resource`
  const challenge = () => expectedChallenge(metadataUrl(), 'notes.read profile email')

  it('answers no token with 401 and the bare challenge', async () => {
    const response = await whoami(custom, {})
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(challenge())
    expect(response.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate')
  })

  const attacks: [string, () => Promise<string>][] = [
    ['alg none', async () => issuer.mintUnsigned(claims)],
    [
      'HS256 keyed with the public key',
      () => issuer.mintHmacWithPublicKey({ ...claims, aud: AUDIENCE }),
    ],
    ['a wrong signature', () => issuer.mint(claims, { audience: AUDIENCE, key: 'other' })],
    ['an expired token', () => issuer.mint(claims, { audience: AUDIENCE, expiresIn: '-5m' })],
    ['a token not yet valid', () => issuer.mint(claims, { audience: AUDIENCE, notBefore: '10m' })],
    [
      'a wrong issuer',
      () => issuer.mint(claims, { audience: AUDIENCE, issuer: 'https://evil.example' }),
    ],
    [
      'the issuer with a trailing slash added',
      () => issuer.mint(claims, { audience: AUDIENCE, issuer: `${issuer.issuer}/` }),
    ],
    ['a wrong audience', () => issuer.mint(claims, { audience: 'https://other.example.com' })],
    ['an unknown kid', () => issuer.mint(claims, { audience: AUDIENCE, kid: 'no-such-key' })],
    ['a malformed token', async () => 'not.a.jwt'],
  ]
  it.each(attacks)('answers %s with 401 invalid_token', async (_name, mint) => {
    const response = await whoami(custom, { authorization: `Bearer ${await mint()}` })
    expect(response.status).toBe(401)
    const header = response.headers.get('www-authenticate') ?? ''
    const bearer = `Bearer resource_metadata="${metadataUrl()}", scope="notes.read profile email"`
    expect(header.startsWith(`${bearer}, error="invalid_token", error_description="`)).toBe(true)
    expect(header).toMatch(/", DPoP resource_metadata="[^"]+", scope="[^"]+", algs="[^"]+"$/)
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  })

  it('answers a malformed Authorization header with 401', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', 'Bearer\ttoken']) {
      const response = await whoami(custom, { authorization })
      expect(response.status, authorization).toBe(401)
    }
  })

  it('answers a token without the required scope with 403 insufficient_scope', async () => {
    const token = await issuer.mint({ ...claims, scope: 'profile email' }, { audience: AUDIENCE })
    const response = await whoami(custom, { authorization: `Bearer ${token}` })
    expect(response.status).toBe(403)
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="[^"]+", scope="notes\.read profile email", error="insufficient_scope"/,
    )
  })

  it('refuses a token in the query string', async () => {
    const token = await issuer.mint(claims, { audience: AUDIENCE })
    const response = await whoami(custom, {}, `?access_token=${token}`)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })

  it('rejects a very large header cleanly and keeps serving', async () => {
    const { port } = new URL(custom.url)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/Me/whoami',
          method: 'POST',
          headers: {
            authorization: `Bearer ${'a'.repeat(40_000)}`,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect([401, 431]).toContain(status)
    const token = await issuer.mint(claims, { audience: AUDIENCE })
    expect((await whoami(custom, { authorization: `Bearer ${token}` })).status).toBe(200)
  })

  it('answers MCP without a token with 401 and the path-aware challenge', async () => {
    const response = await postToolsList(`${custom.url}/mcp`)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(
      expectedChallenge(
        `${custom.url}/.well-known/oauth-protected-resource/mcp`,
        'notes.read profile email',
      ),
    )
  })
})

describe('discovery by the official client', () => {
  it('reads the metadata URL from the 401 and fetches the metadata', async () => {
    const response = await fetch(`${custom.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
    })
    const resourceMetadataUrl = extractResourceMetadataUrl(response)
    expect(resourceMetadataUrl?.href).toBe(`${custom.url}/.well-known/oauth-protected-resource/mcp`)
    const metadata = await discoverOAuthProtectedResourceMetadata(
      `${custom.url}/mcp`,
      resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl },
    )
    expect(metadata).toMatchObject({
      resource: `${custom.url}/mcp`,
      authorization_servers: [issuer.issuer],
      scopes_supported: ['notes.read', 'profile', 'email'],
      bearer_methods_supported: ['header'],
    })
  })
})

describe('the public surfaces', () => {
  it('keep answering without a token in the authenticated modes', async () => {
    for (const path of [
      '/open-api.json',
      '/types.json',
      '/plugin.json',
      '/mcp.json',
      '/mcp-server.json',
      '/com.portico.plugin/contents.json',
      '/mcp/tools.json',
      '/skills/catalog.json',
      '/agents/catalog.json',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/',
    ]) {
      const response = await fetch(`${custom.url}${path}`)
      expect(response.status, path).toBe(200)
    }
  })

  it('serve no metadata in mode anon', async () => {
    const anon = await servePlugin(notesExampleDir)
    try {
      for (const path of [
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
      ]) {
        expect((await fetch(`${anon.url}${path}`)).status, path).toBe(404)
      }
    } finally {
      await anon.close()
    }
  })
})

describe('behind a trusted proxy', () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'notes.example.com' }

  it('names the public origin in the challenge and the metadata, never the local one', async () => {
    const response = await fetch(`${hub.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...forwarded,
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(
      expectedChallenge(
        'https://notes.example.com/.well-known/oauth-protected-resource/mcp',
        `${PORTICO_HUB_SCOPE} profile email`,
      ),
    )
    const metadata = await (
      await fetch(`${hub.url}/.well-known/oauth-protected-resource/mcp`, { headers: forwarded })
    ).json()
    expect(metadata).toMatchObject({
      resource: 'https://notes.example.com/mcp',
      authorization_servers: [issuer.issuer],
    })
  })

  it('ignores forwarded headers where the proxy is not trusted', async () => {
    const response = await whoami(custom, { 'x-forwarded-host': 'evil.example' })
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${custom.url}/.well-known/oauth-protected-resource"`,
    )
  })
})
