import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { type OidcIssuer, startOidcIssuer } from '../support/oidc-issuer.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * The plugin as an OAuth client: its Client ID Metadata Document, and which `client_id` the
 * docs-site login uses by mode and origin (spec 5.5), read from the `/oauth/login` redirect
 * without completing the flow. The issuer is real, since the login discovers it first.
 */

let issuer: OidcIssuer
let custom: ServedPlugin
let hub: ServedPlugin
let hubBehindPublicUrl: ServedPlugin
let anon: ServedPlugin
let publicUrlCopy: Awaited<ReturnType<typeof copyPlugin>>

/** A deployed origin, as a reverse proxy names it to the hub fixture (it trusts the proxy). */
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'notes.example.com' }

beforeAll(async () => {
  issuer = await startOidcIssuer()
  const customDir = fixtureDir('auth-custom-plugin')
  const hubDir = fixtureDir('auth-hub-plugin')
  publicUrlCopy = await copyPlugin(hubDir)
  await writeFile(
    join(publicUrlCopy.dir, 'portico.config.ts'),
    `export default {
  title: 'Auth hub',
  auth: 'portico-hub',
  deploy: { org: 'acme', app: 'notes' },
  server: { publicUrl: 'https://notes.example.com' },
}
`,
  )
  const env = { OAUTH_ISSUER: issuer.issuer }
  ;[custom, hub, hubBehindPublicUrl, anon] = await Promise.all([
    servePlugin(customDir, {
      auth: await authSettingsFromEnv(customDir, {
        ...env,
        OAUTH_AUDIENCE: 'api://notes',
        OAUTH_SCOPE: 'notes.read',
      }),
    }),
    servePlugin(hubDir, { auth: await authSettingsFromEnv(hubDir, env) }),
    servePlugin(publicUrlCopy.dir, { auth: await authSettingsFromEnv(publicUrlCopy.dir, env) }),
    servePlugin(fixtureDir('probe-plugin')),
  ])
})
afterAll(async () => {
  await Promise.all([
    custom?.close(),
    hub?.close(),
    hubBehindPublicUrl?.close(),
    anon?.close(),
    issuer?.close(),
  ])
  await publicUrlCopy?.remove()
})

/** Where `/oauth/login` sends the browser, and the cookie it sets. */
async function loginRedirect(
  served: ServedPlugin,
  headers: Record<string, string> = {},
): Promise<{ query: URLSearchParams; setCookie: string }> {
  const response = await fetch(`${served.url}/oauth/login`, { redirect: 'manual', headers })
  expect(response.status, await response.clone().text()).toBe(302)
  const location = new URL(response.headers.get('location') ?? '')
  expect(`${location.origin}${location.pathname}`).toBe(`${issuer.issuer}/auth`)
  return { query: location.searchParams, setCookie: response.headers.get('set-cookie') ?? '' }
}

describe('the client metadata document', () => {
  it('describes the plugin as a public client on the origin of the request', async () => {
    const response = await fetch(`${custom.url}/.well-known/oauth/client-metadata.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await response.json()).toEqual({
      client_id: `${custom.url}/.well-known/oauth/client-metadata.json`,
      client_name: 'Auth custom',
      client_uri: custom.url,
      redirect_uris: [`${custom.url}/oauth/callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'openid notes.read profile email',
    })
  })

  it('names the public origin a trusted proxy forwards', async () => {
    const response = await fetch(`${hub.url}/.well-known/oauth/client-metadata.json`, {
      headers: FORWARDED,
    })
    expect(await response.json()).toMatchObject({
      client_id: 'https://notes.example.com/.well-known/oauth/client-metadata.json',
      client_name: 'Auth hub',
      client_uri: 'https://notes.example.com',
      redirect_uris: ['https://notes.example.com/oauth/callback'],
      scope: 'openid portico-hub-test profile email',
    })
  })

  it('names server.publicUrl, whatever the request', async () => {
    const response = await fetch(`${hubBehindPublicUrl.url}/.well-known/oauth/client-metadata.json`)
    expect((await response.json()).client_id).toBe(
      'https://notes.example.com/.well-known/oauth/client-metadata.json',
    )
  })
})

describe('the client_id of the login', () => {
  it('is the hub’s shared document for the port in mode portico-hub on loopback', async () => {
    const { query, setCookie } = await loginRedirect(hub)
    const port = new URL(hub.url).port
    expect(query.get('client_id')).toBe(`${issuer.issuer}/clients/localhost/${port}.json`)
    expect(query.get('redirect_uri')).toBe(`${hub.url}/oauth/callback`)
    expect(query.get('portico_deploy')).toBe('acme/notes')
    expect(query.get('scope')).toBe('openid portico-hub-test profile email')
    // The shared audience: no resource indicator.
    expect(query.has('resource')).toBe(false)
    expect(setCookie).not.toContain('Secure')
  })

  it('is the plugin’s own document in mode portico-hub behind an https public URL', async () => {
    const { query, setCookie } = await loginRedirect(hubBehindPublicUrl)
    expect(query.get('client_id')).toBe(
      'https://notes.example.com/.well-known/oauth/client-metadata.json',
    )
    expect(query.get('redirect_uri')).toBe('https://notes.example.com/oauth/callback')
    expect(query.get('portico_deploy')).toBe('acme/notes')
    expect(setCookie).toMatch(/; Secure$/)
  })

  it('is the plugin’s own document on a forwarded https origin', async () => {
    const { query, setCookie } = await loginRedirect(hub, FORWARDED)
    expect(query.get('client_id')).toBe(
      'https://notes.example.com/.well-known/oauth/client-metadata.json',
    )
    expect(setCookie).toMatch(/; Secure$/)
  })

  it('is the plugin’s own document in mode custom without OAUTH_CLIENT_ID', async () => {
    const { query } = await loginRedirect(custom)
    expect(query.get('client_id')).toBe(`${custom.url}/.well-known/oauth/client-metadata.json`)
    expect(query.has('portico_deploy')).toBe(false)
  })
})

describe('a plugin in mode anon', () => {
  it.each(['/.well-known/oauth/client-metadata.json', '/oauth/login', '/oauth/callback'])(
    'has no %s',
    async (path) => {
      const response = await fetch(`${anon.url}${path}`, { redirect: 'manual' })
      expect(response.status).toBe(404)
    },
  )

  it('offers no Log in on the docs site', async () => {
    const page = await (await fetch(`${anon.url}/`)).text()
    expect(page).not.toContain('portico-login')
  })
})

describe('the docs site of an authenticated plugin', () => {
  it('points its Log in at /oauth/login', async () => {
    const page = await (await fetch(`${hub.url}/`)).text()
    expect(page).toContain('<meta name="portico-login" content="/oauth/login" />')
  })
})
