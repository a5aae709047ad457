import { rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Nginx, startNginx } from '../scale/nginx.js'
import { launchBrowser } from '../support/browser.js'
import { copyPlugin } from '../support/cli-process.js'
import { expectProblem } from '../support/expect-problem.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * An anon plugin on a network address is a public API by choice, but a browser on the same
 * network must not be the way in: another site's page may neither call its tools nor read
 * them, unless `server.allowBrowserOrigins` says so (issue 26, item 5). Programs, which send no
 * `Origin`, call as before.
 */

const COUNTER_TOOL = `let calls = 0

/** Counts its calls. */
export class Counter {
  /** Adds one call. */
  async bump(_input: { by?: number }): Promise<{ calls: number }> {
    calls += 1
    return { calls }
  }

  /** The calls so far. */
  async read(_input: { at?: number }): Promise<{ calls: number }> {
    return { calls }
  }
}
`

const copies: { remove(): Promise<void> }[] = []
const served: ServedPlugin[] = []

/** An anon plugin with the Counter tool, `server` as its config, listening "beyond loopback". */
async function serveCounter(server = '{}'): Promise<ServedPlugin> {
  const copy = await copyPlugin(fixtureDir('auth-custom-plugin'))
  copies.push(copy)
  await rm(join(copy.dir, 'tools', 'me.ts'))
  await rm(join(copy.dir, 'public'), { recursive: true, force: true })
  await writeFile(join(copy.dir, 'tools', 'counter.ts'), COUNTER_TOOL)
  await writeFile(
    join(copy.dir, 'portico.config.ts'),
    `export default { title: 'Counter', auth: 'anon', server: ${server} }\n`,
  )
  // The socket binds 127.0.0.1; the host policy is the one of a network listener.
  const plugin = await servePlugin(copy.dir, { listenHost: '0.0.0.0' })
  served.push(plugin)
  return plugin
}

function post(url: string, path: string, headers: Record<string, string>, body = '{}') {
  return fetch(`${url}${path}`, { method: 'POST', headers, body })
}

async function callsOf(url: string): Promise<number> {
  const answer = await post(url, '/api/Counter/read', { 'content-type': 'application/json' })
  return ((await answer.json()) as { calls: number }).calls
}

const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
const json = { 'content-type': 'application/json' }
const mcpHeaders = { ...json, accept: 'application/json, text/event-stream' }
const mcpCall =
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"Counter_bump","arguments":{}}}'

afterAll(async () => {
  await Promise.all(served.map((plugin) => plugin.close()))
  await Promise.all(copies.map((copy) => copy.remove()))
})

describe('mode anon beyond loopback, by default', () => {
  let plugin: ServedPlugin
  beforeAll(async () => {
    plugin = await serveCounter()
  })

  it('refuses another site’s page on REST and MCP, and the tool never runs', async () => {
    const rest = await post(plugin.url, '/api/Counter/bump', { ...json, ...crossSite })
    await expectProblem(rest, 'forbidden')
    expect(((await rest.json()) as { detail: string }).detail).toMatch(
      /^Invalid Origin: evil\.example\. .*server\.allowBrowserOrigins/,
    )
    const mcp = await post(plugin.url, '/mcp', { ...mcpHeaders, ...crossSite }, mcpCall)
    expect(mcp.status).toBe(403)
    expect(await mcp.json()).toMatchObject({ error: { message: 'Invalid Origin: evil.example' } })
    // An empty cross-site form: no preflight, no JSON, and it ran a tool before.
    const form = await post(
      plugin.url,
      '/api/Counter/bump',
      { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      '',
    )
    await expectProblem(form, 'forbidden')
    expect(await callsOf(plugin.url)).toBe(0)
  })

  it('refuses the preflight of another site’s page, granting nothing', async () => {
    const preflight = await fetch(`${plugin.url}/api/Counter/bump`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets programs, its own pages and typed URLs call', async () => {
    expect((await post(plugin.url, '/api/Counter/bump', json)).status).toBe(200)
    const own = { origin: plugin.url, 'sec-fetch-site': 'same-origin' }
    expect((await post(plugin.url, '/api/Counter/bump', { ...json, ...own })).status).toBe(200)
    // A browser without Sec-Fetch-Site, on the plugin's own host.
    expect(
      (await post(plugin.url, '/api/Counter/bump', { ...json, origin: plugin.url })).status,
    ).toBe(200)
    const mcp = await post(plugin.url, '/mcp', mcpHeaders, mcpCall)
    expect(mcp.status).toBe(200)
    expect(await callsOf(plugin.url)).toBe(4)
  })
})

describe('mode anon beyond loopback, with server.allowBrowserOrigins', () => {
  it('lets the listed origins call, and no other', async () => {
    const plugin = await serveCounter("{ allowBrowserOrigins: ['https://app.example'] }")
    const app = { ...json, origin: 'https://app.example', 'sec-fetch-site': 'cross-site' }
    expect((await post(plugin.url, '/api/Counter/bump', app)).status).toBe(200)
    expect((await post(plugin.url, '/api/Counter/bump', { ...json, ...crossSite })).status).toBe(
      403,
    )
  })

  it("lets every site call with '*'", async () => {
    const plugin = await serveCounter("{ allowBrowserOrigins: '*' }")
    const answer = await post(plugin.url, '/api/Counter/bump', { ...json, ...crossSite })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('through nginx with the shipped config', () => {
  let nginx: Nginx
  let plugin: ServedPlugin
  beforeAll(async () => {
    plugin = await serveCounter()
    nginx = await startNginx([Number(new URL(plugin.url).port)])
  })
  afterAll(() => nginx.stop())

  it('refuses another site’s page and serves programs', async () => {
    await expectProblem(
      await post(nginx.url, '/api/Counter/bump', { ...json, ...crossSite }),
      'forbidden',
    )
    expect((await post(nginx.url, '/mcp', { ...mcpHeaders, ...crossSite }, mcpCall)).status).toBe(
      403,
    )
    expect(await callsOf(nginx.url)).toBe(0)
    expect((await post(nginx.url, '/api/Counter/bump', json)).status).toBe(200)
  })
})

describe('in Chromium', () => {
  let browser: Browser
  let site: Server
  let siteOrigin = ''
  beforeAll(async () => {
    browser = await launchBrowser()
    // Another site: `localhost` on its own port, another origin than the plugin's 127.0.0.1.
    site = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>evil</title><iframe name="sink"></iframe>')
    })
    await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening))
    siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await browser.close()
    await new Promise((closed) => site.close(closed))
  })

  /** What a page of the other site gets when it calls, reads and posts a form to the plugin. */
  async function attack(pluginUrl: string): Promise<{ read: string; calls: number }> {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(siteOrigin)
      const read = await page.evaluate(async (url) => {
        try {
          const answer = await fetch(`${url}/api/Counter/bump`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
          return `read ${answer.status} ${await answer.text()}`
        } catch (error) {
          return `blocked: ${(error as Error).name}`
        }
      }, pluginUrl)
      // The empty cross-site form, which needs no preflight.
      const formLoaded = page.waitForEvent('requestfinished', (request) =>
        request.url().endsWith('/api/Counter/bump'),
      )
      await page.evaluate((url) => {
        const form = document.createElement('form')
        form.method = 'POST'
        form.action = `${url}/api/Counter/bump`
        form.target = 'sink'
        document.body.append(form)
        form.submit()
      }, pluginUrl)
      await formLoaded
      return { read, calls: await callsOf(pluginUrl) }
    } finally {
      await context.close()
    }
  }

  it('keeps another site from calling or reading the tools', async () => {
    const plugin = await serveCounter()
    expect(await attack(plugin.url)).toEqual({ read: 'blocked: TypeError', calls: 0 })
  })

  it('lets a site the author allows call and read', async () => {
    const plugin = await serveCounter(`{ allowBrowserOrigins: ['${siteOrigin}'] }`)
    expect(await attack(plugin.url)).toEqual({ read: 'read 200 {"calls":1}', calls: 2 })
  })
})
