import { decodeJwt } from 'jose'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, startHub } from '../src/index.js'
import {
  buildAuthorization,
  CALLBACK_URI,
  knownClient,
  obtainTokens,
  registerPublicClient,
  verifyAccessToken,
} from './support/hub-client.js'
import { signInThroughHub } from './support/sign-in.js'

const PRE_REGISTERED = 'docs-site'

let hub: Hub
let client: oidc.Configuration

beforeAll(async () => {
  hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    clients: [{ clientId: PRE_REGISTERED, redirectUris: [CALLBACK_URI], clientName: 'Docs' }],
  })
  client = await registerPublicClient(hub, { application_type: 'native' })
})
afterAll(async () => {
  await hub?.close()
})

describe('the authorization code flow', () => {
  it('registers a public loopback client dynamically, without an initial access token', () => {
    const metadata = client.clientMetadata()
    expect(metadata.client_id).toMatch(/^[\w-]+$/)
    expect(metadata.token_endpoint_auth_method).toBe('none')
    expect(metadata.client_secret).toBeUndefined()
    expect(metadata.redirect_uris).toEqual([CALLBACK_URI])
  })

  it('issues an at+jwt access token with the user claims, verifiable against the JWKS', async () => {
    const tokens = await obtainTokens(client)
    const { payload } = await verifyAccessToken(hub, tokens.access_token, 'urn:portico:hub:test')
    expect(payload).toMatchObject({
      iss: hub.issuer,
      sub: 'alice',
      aud: 'urn:portico:hub:test',
      client_id: client.clientMetadata().client_id,
      scope: 'portico-hub-test profile email',
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Liddell',
      preferred_username: 'alice',
      orgs: ['acme', 'wonderland'],
    })
    expect(payload.exp).toBeTypeOf('number')
    expect(payload.jti).toBeTypeOf('string')
    // The picture is an avatar the hub itself serves, so it works offline.
    expect(payload.picture).toBe(`${hub.issuer}/avatars/alice.svg`)
    const avatar = await fetch(String(payload.picture))
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
    expect(await avatar.text()).toMatch(/^<svg [^>]*>.*>AL<\/text><\/svg>$/)
    expect((await fetch(`${hub.issuer}/avatars/..%2Fkeys.svg`)).status).toBe(404)
    expect(tokens.refresh_token).toBeTypeOf('string')
    expect(tokens.claims()).toMatchObject({
      sub: 'alice',
      name: 'Alice Liddell',
      email: 'alice@example.com',
      orgs: ['acme', 'wonderland'],
    })
  })

  it('finishes requests that ask for prompt=consent or prompt=login in the one sign-in step', async () => {
    for (const prompt of ['consent', 'login', 'login consent']) {
      const tokens = await obtainTokens(client, { parameters: { prompt } })
      expect((await verifyAccessToken(hub, tokens.access_token)).payload.sub).toBe('alice')
    }
  })

  it('gives a per-plugin urn resource that urn alone as audience', async () => {
    const resource = 'urn:portico:hub:acme:notes'
    const tokens = await obtainTokens(client, { parameters: { resource } })
    expect(decodeJwt(tokens.access_token).aud).toBe(resource)
  })

  it('gives an http(s) resource the test audience and the URL', async () => {
    const resource = 'https://notes.example.com/mcp'
    const tokens = await obtainTokens(client, {
      parameters: { resource },
      tokenParameters: { resource },
    })
    const { payload } = await verifyAccessToken(hub, tokens.access_token, resource)
    expect(payload.aud).toEqual(['urn:portico:hub:test', resource])
  })

  it('refuses any other resource with invalid_target', async () => {
    for (const resource of [
      'urn:portico:hub:Acme:notes',
      'urn:example:other',
      'ftp://x.example/y',
    ]) {
      const request = await buildAuthorization(client, { resource })
      const callback = await signInThroughHub(request.url, { user: 'alice' })
      expect(callback.searchParams.get('error')).toBe('invalid_target')
      expect(callback.searchParams.get('error_description')).toContain(resource)
    }
  })

  it('rotates the refresh token and refuses the used one', async () => {
    const tokens = await obtainTokens(client, { who: { user: 'bob' } })
    const first = tokens.refresh_token ?? ''
    const refreshed = await oidc.refreshTokenGrant(client, first)
    expect(refreshed.refresh_token).toBeTypeOf('string')
    expect(refreshed.refresh_token).not.toBe(first)
    const { payload } = await verifyAccessToken(hub, refreshed.access_token, 'urn:portico:hub:test')
    expect(payload).toMatchObject({ sub: 'bob', orgs: ['acme'] })
    await expect(oidc.refreshTokenGrant(client, first)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('issues no refresh token to a client that did not register the grant', async () => {
    const codeOnly = await registerPublicClient(hub, { grant_types: ['authorization_code'] })
    const tokens = await obtainTokens(codeOnly, {
      parameters: { scope: 'openid portico-hub-test' },
    })
    expect(tokens.refresh_token).toBeUndefined()
  })

  it('signs in a pre-registered public client', async () => {
    const docs = await knownClient(hub, PRE_REGISTERED)
    const tokens = await obtainTokens(docs, { who: { user: 'carol' } })
    const { payload } = await verifyAccessToken(hub, tokens.access_token)
    expect(payload).toMatchObject({ sub: 'carol', client_id: PRE_REGISTERED, orgs: [] })
  })

  it('keeps a typed user, whose claims come back on refresh', async () => {
    const tokens = await obtainTokens(client, {
      who: { username: 'dana.dev', name: 'Dana Dev', orgs: ['acme', 'beta-labs'] },
    })
    const expected = {
      sub: 'dana.dev',
      preferred_username: 'dana.dev',
      name: 'Dana Dev',
      email: 'dana.dev@example.com',
      orgs: ['acme', 'beta-labs'],
    }
    expect((await verifyAccessToken(hub, tokens.access_token)).payload).toMatchObject(expected)
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token ?? '')
    expect((await verifyAccessToken(hub, refreshed.access_token)).payload).toMatchObject(expected)
    expect(await hub.store.adapter('Account').find('dana.dev')).toMatchObject({
      username: 'dana.dev',
      orgs: ['acme', 'beta-labs'],
    })
  })
})

describe("scopes beyond the hub's own, granted or refused on the consent page", () => {
  const BASE = 'openid offline_access portico-hub-test profile email'
  const PLUGIN = 'http://127.0.0.1:8123/mcp'

  it('issues the ticked ones and refuses the others, for a narrow token first and a wider one later', async () => {
    const parameters = { scope: `${BASE} notes:write notes:admin`, resource: PLUGIN }
    const narrow = await obtainTokens(client, {
      parameters,
      tokenParameters: { resource: PLUGIN },
      who: { user: 'alice', grant: [] },
    })
    expect(narrow.scope).toBe('portico-hub-test profile email')
    const narrowClaims = (await verifyAccessToken(hub, narrow.access_token, PLUGIN)).payload
    expect(narrowClaims.scope).toBe('portico-hub-test profile email')

    const some = await obtainTokens(client, {
      parameters,
      tokenParameters: { resource: PLUGIN },
      who: { user: 'alice', grant: ['notes:write'] },
    })
    const someClaims = (await verifyAccessToken(hub, some.access_token, PLUGIN)).payload
    expect(String(someClaims.scope).split(' ').sort()).toEqual(
      ['email', 'notes:write', 'portico-hub-test', 'profile'].sort(),
    )
    expect(some.scope?.split(' ')).not.toContain('notes:admin')

    const wide = await obtainTokens(client, {
      parameters,
      tokenParameters: { resource: PLUGIN },
      who: { user: 'alice' },
    })
    const wideClaims = (await verifyAccessToken(hub, wide.access_token, PLUGIN)).payload
    expect(String(wideClaims.scope).split(' ')).toEqual(
      expect.arrayContaining(['notes:write', 'notes:admin', 'portico-hub-test']),
    )
    // A refresh keeps what was granted, and cannot widen it.
    const refreshed = await oidc.refreshTokenGrant(client, some.refresh_token ?? '', {
      resource: PLUGIN,
    })
    const refreshedClaims = (await verifyAccessToken(hub, refreshed.access_token, PLUGIN)).payload
    expect(String(refreshedClaims.scope).split(' ')).toContain('notes:write')
    expect(String(refreshedClaims.scope).split(' ')).not.toContain('notes:admin')
    await expect(
      oidc.refreshTokenGrant(client, refreshed.refresh_token ?? '', {
        resource: PLUGIN,
        scope: 'portico-hub-test notes:admin',
      }),
    ).rejects.toMatchObject({ error: 'invalid_scope' })
  })

  it("asks nothing more of a request for the hub's scopes alone", async () => {
    // signInThroughHub fails on a page it does not expect; no consent page comes here.
    const tokens = await obtainTokens(client, { who: { user: 'bob', grant: [] } })
    expect(tokens.scope).toBe('portico-hub-test profile email')
  })
})

describe('PKCE', () => {
  it('refuses an authorization request without a code challenge', async () => {
    const request = await buildAuthorization(client)
    request.url.searchParams.delete('code_challenge')
    request.url.searchParams.delete('code_challenge_method')
    const callback = await signInThroughHub(request.url, { user: 'alice' })
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('refuses the plain method', async () => {
    const request = await buildAuthorization(client, { code_challenge_method: 'plain' })
    const callback = await signInThroughHub(request.url, { user: 'alice' })
    expect(callback.searchParams.get('error')).toBe('invalid_request')
    expect(callback.searchParams.get('error_description')).toMatch(/code_challenge_method/)
  })
})
