import { randomUUID } from 'node:crypto'
import { createServer as createTlsServer, request as httpsRequest, type Server } from 'node:https'
import { join } from 'node:path'
import { createMemoryStore, type Hub, startHub } from '@portico/hub'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selfSignedCertificate } from '../../../hub/test/support/self-signed-certificate.js'
import { createAuthGate } from '../../src/auth/create-auth-gate.js'
import { loadSourcePlugin } from '../../src/plugin/load-source-plugin.js'
import { createApp } from '../../src/server/create-app.js'
import { createNodeServer, listenOn } from '../../src/server/start-node-server.js'
import { launchBrowser, screenshot } from '../support/browser.js'
import { freePort } from '../support/cli-process.js'
import { copyLoginExample } from '../support/copy-login-example.js'
import { authSettingsFromEnv } from '../support/serve-plugin.js'

/**
 * The login cookie of a plugin served over https (a self-signed certificate made here with
 * openssl): it is `__Host-portico_login` (`Secure`, `Path=/`, no `Domain`, RFC 6265bis), so a
 * sibling subdomain cannot plant a login of its own, and only that name is read back. Its value
 * is sealed: neither the browser nor anyone who sees it can read the PKCE verifier. Checked over
 * HTTPS with `node:https`, then in Chromium through a real login on a real Portico hub.
 */

const CLIENT_ID = 'notes-docs-https'
const TOOL_PAGE = '/#/tools/Me_whoami'

let cert: string
let hub: Hub
let tls: Server
let url: string
let browser: Browser
let copy: { dir: string; remove(): Promise<void> }
let outDir: string

beforeAll(async () => {
  const certificate = await selfSignedCertificate()
  cert = certificate.cert

  const port = await freePort()
  url = `https://127.0.0.1:${port}`
  hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${url}/oauth/callback`] }],
  })

  copy = await copyLoginExample(`export default { title: 'Notes', auth: 'custom' }\n`)
  outDir = join(copy.dir, '.portico', `test-${randomUUID()}`)
  const { runtime } = await loadSourcePlugin(copy.dir, { outDir })
  const settings = await authSettingsFromEnv(copy.dir, {
    OAUTH_ISSUER: hub.issuer,
    OAUTH_AUDIENCE: 'urn:portico:hub:test',
    OAUTH_SCOPE: 'portico-hub-test',
    OAUTH_CLIENT_ID: CLIENT_ID,
  })
  const app = createApp(runtime, { rootDir: copy.dir, dev: false, gate: createAuthGate(settings) })
  // The app's own Node server, fed by a TLS socket: the request URL is https, as behind a
  // terminating proxy that the app is told about.
  const plain = createNodeServer({ fetch: app.fetch })
  tls = createTlsServer({ key: certificate.key, cert }, (request, response) => {
    plain.emit('request', request, response)
  })
  await listenOn(tls, port, '127.0.0.1')
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  tls?.closeAllConnections()
  await new Promise((done) => (tls ? tls.close(done) : done(undefined)))
  await hub?.close()
  await copy?.remove()
})

/** What {@link get} got back. */
interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A GET over HTTPS that trusts this file's certificate (`fetch` takes no CA). */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(`${url}${path}`, { ca: cert, headers }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      )
    })
    request.on('error', reject)
    request.end()
  })
}

function setCookieOf(answer: Answer): string {
  const [first = ''] = [answer.headers['set-cookie'] ?? []].flat()
  return first
}

describe('the login cookie on an https origin', () => {
  it('is __Host-portico_login: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const answer = await get('/oauth/login')
    expect(answer.status, answer.body).toBe(302)
    const [pair = '', ...attributes] = setCookieOf(answer).split(/;\s*/)
    expect(pair).toMatch(/^__Host-portico_login=[\w-]+$/)
    expect(attributes).toEqual(['Max-Age=600', 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure'])
  })

  it('reads back only the __Host- cookie, not the same value under the bare name', async () => {
    const answer = await get('/oauth/login')
    const value = (setCookieOf(answer).split(';')[0] ?? '').slice('__Host-portico_login='.length)
    const wrongState = `?state=${'x'.repeat(43)}`

    const prefixed = await get(`/oauth/callback${wrongState}`, {
      cookie: `__Host-portico_login=${value}`,
    })
    expect(prefixed.status).toBe(400)
    // It read the cookie, and so got as far as comparing the state.
    expect(prefixed.body).toContain('The login does not match')
    expect(setCookieOf(prefixed)).toBe(
      '__Host-portico_login=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    )

    // What a sibling subdomain can set (`Domain=` the parent): never taken on https.
    const bare = await get(`/oauth/callback${wrongState}`, { cookie: `portico_login=${value}` })
    expect(bare.status).toBe(400)
    expect(bare.body).toContain('The login expired or was started elsewhere; try again.')
  })

  it('is set by Chromium as a __Host- cookie it cannot read, and carries a real login', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true })
    const page = await context.newPage()
    try {
      // The state the login sent to the hub, to look for in the cookie.
      let state = ''
      page.on('request', (request) => {
        const sent = new URL(request.url()).searchParams.get('state')
        if (sent !== null && state === '') state = sent
      })
      await page.goto(`${url}${TOOL_PAGE}`)
      await page.getByRole('link', { name: 'Log in' }).click()
      await page.waitForURL((target) => target.origin === new URL(hub.issuer).origin)

      const cookies = await context.cookies(url)
      expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-portico_login'])
      const [cookie] = cookies
      expect(cookie).toMatchObject({
        domain: '127.0.0.1',
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      })
      // Sealed: no JSON, no state or verifier, in the text or in what it decodes to.
      const value = cookie?.value ?? ''
      const decoded = Buffer.from(value, 'base64url').toString('latin1')
      expect(state).toMatch(/^[\w-]{43}$/)
      for (const text of [value, decoded]) {
        expect(text).not.toContain(state)
        expect(text).not.toContain('codeVerifier')
        expect(text).not.toContain('"expiresAt"')
      }
      for (const part of value.split('.')) {
        expect(() => JSON.parse(Buffer.from(part, 'base64url').toString())).toThrow()
      }
      expect(await page.evaluate(() => document.cookie)).toBe('')

      await page.locator('button[name="user"][value="alice"]').click()
      await page.waitForURL(`${url}${TOOL_PAGE}`)
      await expect.poll(() => page.getByText('Alice', { exact: false }).count()).toBeGreaterThan(0)
      await screenshot(page, 'login-host-cookie')
      expect(await page.evaluate(() => sessionStorage.getItem('portico.accessToken'))).toMatch(
        /^ey/,
      )
      // The callback cleared it.
      expect(await context.cookies(url)).toEqual([])
    } finally {
      await context.close()
    }
  })
})
