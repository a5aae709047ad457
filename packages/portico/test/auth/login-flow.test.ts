import { createHash, randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthGate } from '../../src/auth/create-auth-gate.js'
import { createCookieSealer } from '../../src/auth/login/create-cookie-sealer.js'
import type { LoginState } from '../../src/auth/login/login-cookie.js'
import { logger } from '../../src/core/logger.js'
import { loadSourcePlugin } from '../../src/plugin/load-source-plugin.js'
import { createApp } from '../../src/server/create-app.js'
import { type RunningServer, startNodeServer } from '../../src/server/start-node-server.js'
import { freePort } from '../support/cli-process.js'
import {
  authorizeThrough,
  OIDC_ACCOUNTS,
  type OidcIssuer,
  startOidcIssuer,
} from '../support/oidc-issuer.js'
import {
  authSettingsFromEnv,
  callTool,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * The docs-site login of a plugin in mode custom with a pre-registered public client
 * (`OAUTH_CLIENT_ID`), end to end over HTTP against a real authorization server (oidc-provider):
 * `/oauth/login` → sign-in and consent → `/oauth/callback` → the hand-off page, whose token then
 * calls a tool; and every way a callback or a return path is refused.
 */

const CLIENT_ID = 'portico-docs'
const COOKIE_SECRET = 'login-flow-test-secret-0123456789abcdef'
const ACCOUNT_ID = 'alice' satisfies keyof typeof OIDC_ACCOUNTS
const alice = OIDC_ACCOUNTS[ACCOUNT_ID]
const rootDir = fixtureDir('auth-custom-plugin')
const outDir = join(rootDir, '.portico', `test-${randomUUID()}`)

/** Opens the login cookie as the server does, to look inside it. */
const sealer = createCookieSealer(COOKIE_SECRET)

/** The login state sealed into `portico_login=<value>`. */
function openCookie(cookie: string): LoginState {
  const state = sealer.open(cookie.slice('portico_login='.length), Math.floor(Date.now() / 1000))
  if (state === undefined) throw new Error(`Not a login cookie of this server: ${cookie}`)
  return state as LoginState
}

let issuer: OidcIssuer
let server: RunningServer
let url: string
/** Every line the server logged in this file, and the codes and tokens it handled. */
const logged: string[] = []
const secrets: string[] = []
const logReporter = {
  log: (entry: { args: unknown[] }) => {
    logged.push(entry.args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
  },
}

beforeAll(async () => {
  logger.addReporter(logReporter)
  issuer = await startOidcIssuer({
    requiredScope: 'notes.read',
    publicClients: [{ clientId: CLIENT_ID, redirectUris: ['http://127.0.0.1/oauth/callback'] }],
  })
  const { runtime } = await loadSourcePlugin(rootDir, { outDir })
  // The plugin's origin is its resource (RFC 8707), so the port is chosen before the settings.
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  const settings = await authSettingsFromEnv(rootDir, {
    OAUTH_ISSUER: issuer.issuer,
    OAUTH_RESOURCE: url,
    OAUTH_SCOPE: 'notes.read',
    OAUTH_CLIENT_ID: CLIENT_ID,
  })
  const app = createApp(runtime, {
    rootDir,
    dev: false,
    gate: createAuthGate(settings),
    login: { cookieSecret: COOKIE_SECRET },
  })
  server = await startNodeServer({ fetch: app.fetch, port, host: '127.0.0.1' })
})
afterAll(async () => {
  logger.removeReporter(logReporter)
  await Promise.all([server?.close(), issuer?.close()])
  await rm(outDir, { recursive: true, force: true })
})

/** A started login: the answer of `/oauth/login`, where it sends the browser, its cookie. */
interface StartedLogin {
  response: Response
  location: URL
  /** `portico_login=<value>`, as a browser sends it back. */
  cookie: string
}

async function startLogin(returnTo?: string): Promise<StartedLogin> {
  const query = returnTo === undefined ? '' : `?return_to=${encodeURIComponent(returnTo)}`
  const response = await fetch(`${url}/oauth/login${query}`, { redirect: 'manual' })
  expect(response.status, await response.clone().text()).toBe(302)
  const setCookie = response.headers.get('set-cookie') ?? ''
  return {
    response,
    location: new URL(response.headers.get('location') ?? ''),
    cookie: setCookie.split(';')[0] ?? '',
  }
}

function callback(query: URL | string, cookie?: string): Promise<Response> {
  const search = typeof query === 'string' ? query : query.search
  return fetch(`${url}/oauth/callback${search}`, {
    redirect: 'manual',
    headers: cookie === undefined ? {} : { cookie },
  })
}

/** The JSON data block of the hand-off page. */
function readHandoff(html: string): { accessToken: string; user: unknown; returnTo: string } {
  const json = /<script type="application\/json" id="portico-login">([^<]*)<\/script>/.exec(html)
  if (!json?.[1]) throw new Error(`No data block in:\n${html}`)
  return JSON.parse(json[1])
}

describe('a login in mode custom with OAUTH_CLIENT_ID', () => {
  let completed: { callbackUrl: URL; cookie: string; token: string } | undefined

  it('redirects to the issuer with code, PKCE S256, state, nonce, the client and the resource', async () => {
    const { location, response } = await startLogin('/#/tools/Me_whoami')
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer.issuer}/auth`)
    const query = location.searchParams
    expect(query.get('client_id')).toBe(CLIENT_ID)
    expect(query.get('response_type')).toBe('code')
    expect(query.get('redirect_uri')).toBe(`${url}/oauth/callback`)
    expect(query.get('scope')?.split(' ')).toEqual(['openid', 'notes.read', 'profile', 'email'])
    expect(query.get('code_challenge_method')).toBe('S256')
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(query.get('state')).toMatch(/^[\w-]{43}$/)
    expect(query.get('nonce')).toMatch(/^[\w-]{43}$/)
    expect(query.get('resource')).toBe(url)
    expect(query.has('portico_deploy')).toBe(false)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps the login in an HttpOnly, SameSite=Lax cookie on /oauth for 10 minutes', async () => {
    const { response, cookie } = await startLogin()
    const attributes = (response.headers.get('set-cookie') ?? '').split(/;\s*/).slice(1)
    expect(cookie).toMatch(/^portico_login=[\w-]+$/)
    expect(attributes).toEqual(['Max-Age=600', 'Path=/oauth', 'HttpOnly', 'SameSite=Lax'])
    const state = openCookie(cookie)
    expect(state).toMatchObject({ clientId: CLIENT_ID, returnTo: '/', resource: url })
    expect(state.redirectUri).toBe(`${url}/oauth/callback`)
  })

  it('seals the login: the browser cannot read the verifier, the state or any JSON', async () => {
    const { cookie, location } = await startLogin('/#/tools/Me_whoami')
    const { codeVerifier, state, nonce } = openCookie(cookie)
    const value = cookie.slice('portico_login='.length)
    const decoded = Buffer.from(value, 'base64url').toString('latin1')
    for (const secret of [codeVerifier, state, nonce, 'codeVerifier', '/#/tools/Me_whoami']) {
      expect(value).not.toContain(secret)
      expect(decoded).not.toContain(secret)
    }
    expect(location.searchParams.get('state')).toBe(state)
    for (const part of value.split('.')) {
      expect(() => JSON.parse(Buffer.from(part, 'base64url').toString())).toThrow()
    }
  })

  it('signs in and hands the token and the user to the docs site in a page, not a URL', async () => {
    const started = await startLogin('/#/tools/Me_whoami')
    const callbackUrl = await authorizeThrough(started.location, ACCOUNT_ID)
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${url}/oauth/callback`)
    expect(issuer.serverErrors).toEqual([])
    const response = await callback(callbackUrl, started.cookie)
    const html = await response.text()
    expect(response.status, html).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('set-cookie')).toMatch(/^portico_login=; Max-Age=0; Path=\/oauth;/)

    const handoff = readHandoff(html)
    expect(handoff.returnTo).toBe('/#/tools/Me_whoami')
    expect(handoff.user).toEqual({
      name: alice.name,
      email: alice.email,
      preferredUsername: alice.preferredUsername,
      picture: alice.picture,
    })
    expect(handoff.accessToken.split('.')).toHaveLength(3)
    expect(started.location.href).not.toContain(handoff.accessToken)
    expect(callbackUrl.href).not.toContain(handoff.accessToken)
    completed = { callbackUrl, cookie: started.cookie, token: handoff.accessToken }
    secrets.push(handoff.accessToken, callbackUrl.searchParams.get('code') ?? '')

    const whoami = await callTool(
      url,
      '/api/Me/whoami',
      {},
      {
        authorization: `Bearer ${handoff.accessToken}`,
      },
    )
    expect(whoami.status).toBe(200)
    expect(await whoami.json()).toMatchObject({
      uid: ACCOUNT_ID,
      email: alice.email,
      name: alice.name,
    })
  })

  it('runs only its one inline script, by hash, which stores the token and leaves', async () => {
    if (completed === undefined) throw new Error('The login did not complete')
    // A second login, since a callback is accepted once.
    const started = await startLogin()
    const response = await callback(
      await authorizeThrough(started.location, ACCOUNT_ID),
      started.cookie,
    )
    const html = await response.text()
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '')
    expect(scripts).toHaveLength(1)
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64')
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    expect(scripts[0]).toContain("sessionStorage.setItem('portico.accessToken', data.accessToken)")
    expect(scripts[0]).toContain(
      "sessionStorage.setItem('portico.user', JSON.stringify(data.user))",
    )
    expect(scripts[0]).toContain('location.replace(data.returnTo)')
  })

  it('refuses the same callback a second time, cookie and all', async () => {
    if (completed === undefined) throw new Error('The login did not complete')
    const response = await callback(completed.callbackUrl, completed.cookie)
    const html = await response.text()
    expect(response.status).toBe(400)
    expect(html).toContain('The login was already used')
    expect(html).not.toContain(completed.token)
  })
})

describe('a callback that does not belong to the login', () => {
  it('refuses a state other than the cookie’s', async () => {
    const started = await startLogin()
    const callbackUrl = await authorizeThrough(started.location, ACCOUNT_ID)
    callbackUrl.searchParams.set('state', 'x'.repeat(43))
    const response = await callback(callbackUrl, started.cookie)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('The login does not match')
    expect(html).toContain('its state differs')
  })

  it('refuses a callback without its cookie, with a link to log in again', async () => {
    const started = await startLogin()
    const response = await callback(await authorizeThrough(started.location, ACCOUNT_ID))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toContain('The login expired or was started elsewhere; try again.')
    expect(html).toContain('<a href="/oauth/login">Try again</a>')
  })

  it('refuses a tampered cookie', async () => {
    const started = await startLogin()
    const callbackUrl = await authorizeThrough(started.location, ACCOUNT_ID)
    const bytes = Buffer.from(started.cookie.slice('portico_login='.length), 'base64url')
    // A bit of the sealed text, where a change would alter the return path or the verifier.
    bytes[20] = (bytes[20] ?? 0) ^ 1
    const response = await callback(callbackUrl, `portico_login=${bytes.toString('base64url')}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('The login expired or was started elsewhere')
  })

  it('refuses an expired cookie, though sealed with the right secret', async () => {
    const started = await startLogin()
    const callbackUrl = await authorizeThrough(started.location, ACCOUNT_ID)
    const expired = sealer.seal(openCookie(started.cookie), Math.floor(Date.now() / 1000) - 1)
    const response = await callback(callbackUrl, `portico_login=${expired}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('The login expired or was started elsewhere')
  })

  it('shows an error of the authorization server, escaped, with a way to try again', async () => {
    const started = await startLogin('/#/tools/Me_whoami')
    const state = started.location.searchParams.get('state') ?? ''
    const query = new URLSearchParams({
      error: 'access_denied',
      error_description: '<script>alert(1)</script> & "more"',
      state,
      iss: issuer.issuer,
    })
    const response = await callback(`?${query}`, started.cookie)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('The login was refused')
    expect(html).toContain(
      'access_denied: &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;',
    )
    expect(html).not.toContain('<script>')
    expect(html).toContain(
      '<a href="/oauth/login?return_to=%2F%23%2Ftools%2FMe_whoami">Try again</a>',
    )
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/)
  })
})

describe('a code the authorization server does not take', () => {
  it('shows its invalid_grant with 400, without the code', async () => {
    const started = await startLogin()
    const callbackUrl = await authorizeThrough(started.location, ACCOUNT_ID)
    secrets.push(callbackUrl.searchParams.get('code') ?? '')
    callbackUrl.searchParams.set('code', 'not-a-code-the-issuer-gave')
    const response = await callback(callbackUrl, started.cookie)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('The login failed')
    expect(html).toContain(
      `The authorization server ${issuer.issuer} refused the code: invalid_grant`,
    )
    expect(html).not.toContain('not-a-code-the-issuer-gave')
  })
})

describe('OAUTH_TOKEN_URL', () => {
  let deadTokenUrl: ServedPlugin

  beforeAll(async () => {
    const auth = await authSettingsFromEnv(rootDir, {
      OAUTH_ISSUER: issuer.issuer,
      OAUTH_AUDIENCE: 'api://notes',
      OAUTH_CLIENT_ID: CLIENT_ID,
      OAUTH_TOKEN_URL: `http://127.0.0.1:${await freePort()}/token`,
    })
    deadTokenUrl = await servePlugin(rootDir, { auth })
  })
  afterAll(() => deadTokenUrl?.close())

  it('replaces the discovered token endpoint: one that does not answer is a 502', async () => {
    const login = await fetch(`${deadTokenUrl.url}/oauth/login`, { redirect: 'manual' })
    expect(login.status).toBe(302)
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const callbackUrl = await authorizeThrough(
      new URL(login.headers.get('location') ?? ''),
      ACCOUNT_ID,
    )
    const response = await fetch(`${deadTokenUrl.url}/oauth/callback${callbackUrl.search}`, {
      headers: { cookie },
    })
    expect(response.status).toBe(502)
    expect(await response.text()).toContain(
      `The code could not be exchanged at ${issuer.issuer} (fetch failed: ECONNREFUSED)`,
    )
  })
})

describe('the return path of /oauth/login', () => {
  it.each([
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/\t/evil.example',
    // Each resolves to `//evil.example`, which a browser reads as another host.
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/.\\/evil.example',
    '/a/../..//evil.example',
    '/.%2E//evil.example',
    '/..\\/evil.example',
  ])('refuses %j with 400 and no redirect', async (returnTo) => {
    const response = await fetch(`${url}/oauth/login?return_to=${encodeURIComponent(returnTo)}`, {
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    const problem = await response.json()
    expect(problem).toMatchObject({ type: 'urn:portico:problem:bad_request', status: 400 })
    expect(problem.detail).toMatch(/^return_to /)
  })

  it('refuses a return path that decodes to another origin', async () => {
    const response = await fetch(`${url}/oauth/login?return_to=%2F%2Fevil.example`, {
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toBe(
      'return_to must be a path on this site starting with a single "/", got "//evil.example"',
    )
  })

  it('refuses a return path whose dot segments climb to another host, naming what it became', async () => {
    const response = await fetch(`${url}/oauth/login?return_to=/%2e%2e//evil.example`, {
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).detail).toBe(
      'return_to must stay on this site, but "/..//evil.example" resolves to "//evil.example"',
    )
  })

  it('accepts a path with a fragment, the docs site’s routes', async () => {
    const { cookie } = await startLogin('/#/tools/x?y=1')
    expect(openCookie(cookie).returnTo).toBe('/#/tools/x?y=1')
  })

  it('keeps the resolved form of a path with dot segments', async () => {
    const { cookie } = await startLogin('/docs/./../#/tools/x')
    expect(openCookie(cookie).returnTo).toBe('/#/tools/x')
  })
})

describe('an authorization server that does not answer', () => {
  let unreachable: ServedPlugin

  beforeAll(async () => {
    const dead = `http://127.0.0.1:${await freePort()}`
    const auth = await authSettingsFromEnv(rootDir, {
      OAUTH_ISSUER: dead,
      OAUTH_AUDIENCE: 'api://notes',
      OAUTH_CLIENT_ID: CLIENT_ID,
    })
    unreachable = await servePlugin(rootDir, { auth })
  })
  afterAll(() => unreachable?.close())

  it('answers /oauth/login with 502, naming the issuer', async () => {
    const response = await fetch(`${unreachable.url}/oauth/login`, { redirect: 'manual' })
    expect(response.status).toBe(502)
    expect(response.headers.get('location')).toBeNull()
    const problem = await response.json()
    expect(problem).toMatchObject({ title: 'Bad gateway', status: 502 })
    expect(problem.detail).toMatch(
      /^The authorization server http:\/\/127\.0\.0\.1:\d+ could not be discovered \(.+\): check that it is up and that OAUTH_ISSUER names it$/,
    )
  })
})

describe('the server log', () => {
  it('names what failed, and holds no code and no token', () => {
    expect(logged.some((line) => line.includes('refused the code: invalid_grant'))).toBe(true)
    expect(secrets.filter((secret) => secret !== '')).toHaveLength(3)
    for (const secret of secrets) {
      if (secret === '') continue
      expect(logged.filter((line) => line.includes(secret))).toEqual([])
    }
  })
})
