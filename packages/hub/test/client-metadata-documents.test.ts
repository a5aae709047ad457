import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, sharedClientMetadataUrl, startHub } from '../src/index.js'
import { type DocumentServer, startDocumentServer } from './support/document-server.js'
import {
  buildAuthorization,
  CALLBACK_URI,
  knownClient,
  obtainTokens,
  requestAuthorization,
  verifyAccessToken,
} from './support/hub-client.js'
import { selfSignedCertificate } from './support/self-signed-certificate.js'

/** Short, so the document that never answers fails fast. */
const TIMEOUT_MS = 400

let hub: Hub
let documents: DocumentServer

beforeAll(async () => {
  documents = await startDocumentServer()
  hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    clientMetadata: { timeoutMs: TIMEOUT_MS },
  })
})
afterAll(async () => {
  await hub?.close()
  await documents?.close()
})

/** A valid document for the client whose id is `url`. */
function documentFor(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: url,
    client_name: 'CIMD test client',
    redirect_uris: [CALLBACK_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...extra,
  }
}

/** The authorization request of `clientId`, as a browser sees it: status and page. */
function authorize(clientId: string, at: Hub = hub): Promise<{ status: number; html: string }> {
  return requestAuthorization(at.url, clientId, { scope: 'openid' })
}

/** The token endpoint's JSON answer to a code exchange by `clientId`. */
async function exchange(clientId: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${hub.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: CALLBACK_URI,
      code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      client_id: clientId,
    }).toString(),
  })
  return { status: response.status, body: await response.json() }
}

/** Expects the authorization to stop at the hub's error page with `invalid_client`. */
async function expectRefused(
  clientId: string,
  rule: string | RegExp,
  at: Hub = hub,
): Promise<void> {
  const { status, html } = await authorize(clientId, at)
  expect(status).toBe(400)
  expect(html).toContain('<code>invalid_client</code>')
  expect(html).toMatch(typeof rule === 'string' ? new RegExp(escapeRegExp(rule)) : rule)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('client ID metadata documents', () => {
  it('signs in a client whose document is on loopback http, fetching it once', async () => {
    const url = documents.json('/valid.json', documentFor(`${documents.origin}/valid.json`), {
      'cache-control': 'max-age=3600',
    })
    const client = await knownClient(hub, url)
    const first = await obtainTokens(client)
    const { payload } = await verifyAccessToken(hub, first.access_token)
    expect(payload).toMatchObject({ client_id: url, sub: 'alice' })
    const second = await obtainTokens(client, { who: { user: 'bob' } })
    expect((await verifyAccessToken(hub, second.access_token)).payload.sub).toBe('bob')
    expect(documents.hits.get('/valid.json')).toBe(1)
  })

  it('shows the document host on the login page', async () => {
    const url = documents.json('/shown.json', documentFor(`${documents.origin}/shown.json`))
    const request = await buildAuthorization(await knownClient(hub, url))
    const start = await fetch(request.url, { redirect: 'manual' })
    const page = await fetch(new URL(start.headers.get('location') ?? '', request.url), {
      headers: {
        cookie: start.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    })
    const html = await page.text()
    // The name is the document's own claim; the host it came from is what the hub checked.
    expect(html).toContain(
      '<h1>Sign in to CIMD test client <small class="unverified">(as the application says: not verified)</small></h1>',
    )
    expect(html).toContain(`${new URL(documents.origin).host} (its metadata document)`)
  })

  it('refuses a document whose client_id differs from its URL, at both endpoints', async () => {
    const url = documents.json('/other-id.json', documentFor(`${documents.origin}/OTHER-id.json`))
    await expectRefused(url, 'differs from the URL it was fetched from')
    const { status, body } = await exchange(url)
    expect(status).toBe(400)
    expect(body).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringContaining('differs from the URL it was fetched from'),
    })
  })

  it('does not follow a redirect', async () => {
    const target = documents.json('/target.json', documentFor(`${documents.origin}/moved.json`))
    const url = documents.route('/moved.json', (_request, response) => {
      response.writeHead(302, { location: target }).end()
    })
    await expectRefused(url, 'client metadata documents are not fetched through redirects')
    expect(documents.hits.get('/target.json')).toBeUndefined()
  })

  it('refuses private and link-local addresses before connecting', async () => {
    for (const url of ['https://10.1.2.3/c.json', 'https://169.254.169.254/c.json']) {
      const started = Date.now()
      await expectRefused(url, /special-use address/)
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS)
    }
  })

  it('refuses a document larger than maxBytes, with or without a Content-Length', async () => {
    const big = documentFor(`${documents.origin}/big.json`, { padding: 'x'.repeat(6000) })
    const sized = documents.json('/big.json', big)
    await expectRefused(sized, 'it is larger than 5120 bytes')
    const streamed = documents.route('/streamed.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write(JSON.stringify(big).slice(0, 4000))
      response.end(JSON.stringify(big).slice(4000))
    })
    await expectRefused(streamed, 'it is larger than 5120 bytes')
  })

  it('gives up on a server that never answers after timeoutMs', async () => {
    const url = documents.route('/slow.json', () => {})
    const started = Date.now()
    await expectRefused(url, `it did not answer within ${TIMEOUT_MS} ms`)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3)
  })

  it('refuses documents that carry a secret or a secret-based authentication method', async () => {
    const withSecret = documents.json(
      '/secret.json',
      documentFor(`${documents.origin}/secret.json`, { client_secret: 'hunter2' }),
    )
    await expectRefused(withSecret, 'it must not contain client_secret')
    const basic = documents.json(
      '/basic.json',
      documentFor(`${documents.origin}/basic.json`, {
        token_endpoint_auth_method: 'client_secret_basic',
      }),
    )
    await expectRefused(basic, 'token_endpoint_auth_method must be none or private_key_jwt')
  })

  it('refuses what oidc-provider would not register, with its reason', async () => {
    const url = documents.json(
      '/implicit.json',
      documentFor(`${documents.origin}/implicit.json`, { response_types: ['id_token'] }),
    )
    await expectRefused(url, /refused: .*response_types/)
  })

  it('refuses a document that is not served as JSON, or has no redirect URIs', async () => {
    const html = documents.route('/page.json', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('{}')
    })
    await expectRefused(html, 'it is served as text/html, not application/json')
    const noRedirects = documents.json('/no-redirects.json', {
      client_id: `${documents.origin}/no-redirects.json`,
    })
    await expectRefused(noRedirects, 'its redirect_uris must be a non-empty array of strings')
  })

  it('never caches a failure', async () => {
    const path = '/fixed-later.json'
    const url = documents.json(path, documentFor('https://elsewhere.example/c.json'))
    await expectRefused(url, 'differs from the URL')
    documents.json(path, documentFor(url))
    expect((await authorize(url)).status).toBe(303)
  })

  it('refuses client_id URLs that break the rules, without fetching', async () => {
    const cases: [string, string][] = [
      ['http://example.com/c.json', 'it must use https (http only on a loopback host)'],
      ['https://example.com', 'it must contain a path'],
      ['https://example.com/', 'it must contain a path'],
      ['https://example.com/c.json#x', 'it must not contain a fragment'],
      ['https://user@example.com/c.json', 'it must not contain a username or password'],
      [
        'https://example.com/a/../c.json',
        'it must not contain &quot;.&quot; or &quot;..&quot; path segments',
      ],
    ]
    for (const [url, rule] of cases) await expectRefused(url, rule)
  })
})

describe('client ID metadata documents on https', () => {
  let tlsServer: Server
  let cert: string
  let url: string

  beforeAll(async () => {
    const certificate = await selfSignedCertificate()
    cert = certificate.cert
    tlsServer = createServer(certificate, (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(documentFor(url)))
    })
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve))
    url = `https://localhost:${(tlsServer.address() as AddressInfo).port}/client.json`
  })
  afterAll(async () => {
    tlsServer?.closeAllConnections()
    await new Promise<void>((resolve) => (tlsServer ? tlsServer.close(() => resolve()) : resolve()))
  })

  it('trusts the extra CAs of clientMetadata.ca, and only then', async () => {
    await expectRefused(url, /could not be fetched \(.*certificate/)
    const trusting = await startHub({
      port: 0,
      store: createMemoryStore(),
      clientMetadata: { ca: cert },
    })
    try {
      const tokens = await obtainTokens(await knownClient(trusting, url))
      expect((await verifyAccessToken(trusting, tokens.access_token)).payload.client_id).toBe(url)
    } finally {
      await trusting.close()
    }
  })

  it('refuses loopback addresses when the hub itself is not on loopback', async () => {
    const deployed = await startHub({
      port: 0,
      issuer: 'https://hub.example.test',
      store: createMemoryStore(),
      clientMetadata: { ca: cert },
    })
    try {
      await expectRefused(
        url,
        /it would connect to (127\.0\.0\.1|::1), a special-use address/,
        deployed,
      )
      await expectRefused(
        `http://127.0.0.1:${new URL(url).port}/c.json`,
        /it must use https<\/p>|it must use https$/m,
        deployed,
      )
    } finally {
      await deployed.close()
    }
  })
})

describe('the shared localhost documents', () => {
  it('serves the document of a docs site on a localhost port', async () => {
    const url = sharedClientMetadataUrl(hub.issuer, 4321)
    const response = await fetch(`${hub.url}/clients/localhost/4321.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({
      client_id: url,
      client_name: 'Portico docs site on localhost:4321',
      redirect_uris: [
        'http://localhost:4321/oauth/callback',
        'http://127.0.0.1:4321/oauth/callback',
        'http://[::1]:4321/oauth/callback',
      ],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'web',
    })
    for (const port of ['0', '65536', '04321']) {
      expect((await fetch(`${hub.url}/clients/localhost/${port}.json`)).status).toBe(404)
    }
  })

  it('signs in with it as client_id, without fetching it', async () => {
    const port = 4321
    const clientId = sharedClientMetadataUrl(hub.issuer, port)
    const tokens = await obtainTokens(await knownClient(hub, clientId), {
      parameters: { redirect_uri: `http://127.0.0.1:${port}/oauth/callback` },
    })
    const { payload } = await verifyAccessToken(hub, tokens.access_token)
    expect(payload).toMatchObject({ client_id: clientId, sub: 'alice' })
  })
})
