import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_DIR } from '../../src/surfaces/docs/site-files.js'
import { expectProblem } from '../support/expect-problem.js'
import { rawRequest } from '../support/raw-request.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/** The docs site's routes over real HTTP: the page, its assets, the old pages' redirects. */

let served: ServedPlugin
let assets: string[]

beforeAll(async () => {
  served = await servePlugin(notesExampleDir)
  assets = await readdir(`${SITE_DIR}assets`)
})
afterAll(() => served?.close())

describe('the docs site', () => {
  it('serves the page at / with no-cache and a policy that runs only its own scripts', async () => {
    const response = await fetch(`${served.url}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const policy = response.headers.get('content-security-policy') ?? ''
    // Only the nonce: 'self' would admit any script of the origin, a plugin's public/*.js too.
    const nonce = /(?:^|; )script-src 'nonce-([\w+/]{24})'(?:;|$)/.exec(policy)?.[1] ?? ''
    expect(nonce).not.toBe('')
    expect(policy).toContain("connect-src 'self'")
    expect(policy).toContain("frame-ancestors 'self'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await response.text()
    expect(html).toContain(
      `<script type="module" crossorigin src="/assets/${assets.find((name) => /^index-.*\.js$/.test(name))}" nonce="${nonce}"></script>`,
    )
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`)
    expect(html).not.toContain('PORTICO_CSP_NONCE')
    expect(html).not.toMatch(/<script>|<script type="module">[^<]/)
  })

  it('names a fresh nonce on every load, so it never answers 304, and a HEAD has no body', async () => {
    const first = await fetch(`${served.url}/`)
    expect(first.headers.get('etag')).toBeNull()
    const again = await fetch(`${served.url}/`, { headers: { 'if-none-match': '*' } })
    expect(again.status).toBe(200)
    const nonces = [first, again].map(
      (answer) => /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1],
    )
    expect(nonces[0]).not.toBe(nonces[1])
    expect(await again.text()).toContain(`nonce="${nonces[1]}"`)
    const head = await fetch(`${served.url}/`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('serves every hashed asset for a year, immutable, with its type', async () => {
    expect(assets.some((name) => name.endsWith('.js'))).toBe(true)
    for (const name of assets) {
      const response = await fetch(`${served.url}/assets/${name}`)
      expect(response.status, name).toBe(200)
      expect(response.headers.get('cache-control'), name).toBe(
        'public, max-age=31536000, immutable',
      )
      if (name.endsWith('.js')) {
        expect(response.headers.get('content-type'), name).toBe('text/javascript; charset=utf-8')
      }
      await response.arrayBuffer()
    }
  })

  it('gzips scripts and styles for clients that take gzip, and only for them', async () => {
    const script = assets.find((name) => name.endsWith('.js')) ?? ''
    const plain = await fetch(`${served.url}/assets/${script}`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    const text = await plain.text()
    const zipped = await rawRequest(served.url, {
      method: 'GET',
      path: `/assets/${script}`,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(Number(zipped.headers['content-length'])).toBeLessThan(text.length / 2)
    expect(zipped.headers.etag).not.toBe(plain.headers.get('etag'))
    const decoded = await fetch(`${served.url}/assets/${script}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(await decoded.text()).toBe(text)
    const refused = await fetch(`${served.url}/assets/${script}`, {
      headers: { 'accept-encoding': 'gzip;q=0' },
    })
    expect(refused.headers.get('content-encoding')).toBeNull()
    await refused.arrayBuffer()
  })

  it('answers 404 for an unknown asset and for paths that try to leave the folder', async () => {
    for (const path of [
      '/assets/nope.js',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/index.html',
      '/assets/../../package.json',
    ]) {
      const response = await rawRequest(served.url, { method: 'GET', path, headers: {} })
      // `%2e%2e` would be `..` to a URL parser (`/assets/%2e%2e/index.html` is `/index.html`):
      // node:http refuses an encoded dot segment first (400).
      expect([404, 302, 400], path).toContain(response.status)
      if (path.includes('%2e')) expect(response.status, path).toBe(400)
      expect(response.body, path).not.toContain('"name"')
    }
  })

  it.each([
    ['/mcp.html', '/#/mcp'],
    ['/explorer.html', '/#/api'],
    ['/docs.html', '/'],
    ['/skills.html', '/#/skills'],
    ['/agents.html', '/#/agents'],
    ['/index.html', '/'],
  ])('redirects %s to %s', async (path, location) => {
    const response = await fetch(`${served.url}${path}`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(location)
  })

  it('leaves every other path to the public folder', async () => {
    expect((await fetch(`${served.url}/about.html`)).status).toBe(200)
    expect((await fetch(`${served.url}/style.css`)).status).toBe(200)
    await expectProblem(await fetch(`${served.url}/nothing-here`), 'not_found')
  })

  it('refuses other methods on / and keeps serving', async () => {
    const response = await fetch(`${served.url}/`, { method: 'POST', body: 'x' })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect((await fetch(`${served.url}/`)).status).toBe(200)
  })
})
