import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, sharedClientMetadataUrl, startHub } from '../src/index.js'
import { type DocumentServer, startDocumentServer } from './support/document-server.js'
import { buildAuthorization, knownClient } from './support/hub-client.js'

/**
 * Which redirect URIs a client may register (https, or http on loopback only) and how a loopback
 * one is matched: on any port (RFC 8252 §7.3), for web clients as for native ones.
 */

let hub: Hub
let documents: DocumentServer

beforeAll(async () => {
  documents = await startDocumentServer()
  hub = await startHub({ port: 0, store: createMemoryStore() })
})
afterAll(async () => {
  await hub?.close()
  await documents?.close()
})

/** POSTs a registration request (RFC 7591) for a public code-flow client with these URIs. */
async function register(
  redirectUris: string[],
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${hub.url}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...extra,
    }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Where the hub sends the browser for an authorization request returning to `redirectUri`. */
async function authorize(
  clientId: string,
  redirectUri: string,
): Promise<{ status: number; location: string | null; html: string }> {
  const { url } = await buildAuthorization(await knownClient(hub, clientId), {
    redirect_uri: redirectUri,
  })
  const response = await fetch(url, { redirect: 'manual' })
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  }
}

describe('registering redirect URIs', () => {
  it.each([
    'http://example.com/callback',
    'http://192.168.1.20:8080/callback',
    'http://localhost.example.com/callback',
  ])('refuses the http redirect URI %s off loopback with invalid_redirect_uri', async (uri) => {
    for (const applicationType of ['web', 'native']) {
      const { status, body } = await register(['https://app.example.com/callback', uri], {
        application_type: applicationType,
      })
      expect(status).toBe(400)
      expect(body).toEqual({
        error: 'invalid_redirect_uri',
        error_description: `redirect_uris must use https, or http only on localhost, 127.0.0.1 or [::1] (RFC 8252 §7.3): ${uri}`,
      })
    }
  })

  it('accepts https anywhere and http on localhost, 127.0.0.1 and [::1]', async () => {
    const uris = [
      'https://app.example.com/callback',
      'http://localhost:3000/callback',
      'http://127.0.0.1/callback',
      'http://[::1]:8080/callback',
    ]
    const { status, body } = await register(uris)
    expect(status).toBe(201)
    expect(body.redirect_uris).toEqual(uris)
  })

  it('refuses a client metadata document with an http redirect URI off loopback', async () => {
    const url = documents.json('/http-redirect.json', {
      client_id: `${documents.origin}/http-redirect.json`,
      client_name: 'Plain http',
      redirect_uris: ['http://example.com/callback'],
    })
    const response = await fetch(
      `${hub.url}/auth?${new URLSearchParams({
        client_id: url,
        response_type: 'code',
        redirect_uri: 'http://example.com/callback',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    )
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('<code>invalid_client</code>')
    expect(html).toContain('redirect_uris must use https, or http only on localhost')
  })
})

describe('matching a loopback redirect URI', () => {
  it.each(['web', 'native'])(
    'lets a %s client return to its loopback redirect URI on any port (RFC 8252 §7.3)',
    async (applicationType) => {
      const { body } = await register(
        ['http://127.0.0.1:8976/callback', 'http://localhost/oauth/callback'],
        { application_type: applicationType },
      )
      const clientId = String(body.client_id)
      for (const uri of [
        'http://127.0.0.1:8976/callback',
        'http://127.0.0.1:51234/callback',
        'http://127.0.0.1/callback',
        'http://localhost:4321/oauth/callback',
      ]) {
        const { status, location } = await authorize(clientId, uri)
        expect({ uri, status }).toEqual({ uri, status: 303 })
        expect(location).toMatch(/^\/interaction\/[\w-]+$/)
      }
    },
  )

  it('still refuses another path, host or scheme on loopback', async () => {
    const { body } = await register(['http://127.0.0.1:8976/callback'])
    const clientId = String(body.client_id)
    for (const uri of [
      'http://127.0.0.1:51234/other',
      'http://localhost:8976/callback',
      'http://127.0.0.1:51234/callback?x=1',
      'https://127.0.0.1:8976/callback',
    ]) {
      const { status, html } = await authorize(clientId, uri)
      expect({ uri, status }).toEqual({ uri, status: 400 })
      expect(html).toContain('<code>invalid_redirect_uri</code>')
    }
  })

  it('keeps the shared localhost documents to their own port', async () => {
    const clientId = sharedClientMetadataUrl(hub.issuer, 4321)
    expect((await authorize(clientId, 'http://127.0.0.1:4321/oauth/callback')).status).toBe(303)
    const other = await authorize(clientId, 'http://127.0.0.1:4322/oauth/callback')
    expect(other.status).toBe(400)
    expect(other.html).toContain('<code>invalid_redirect_uri</code>')
  })
})
