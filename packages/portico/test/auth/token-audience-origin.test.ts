import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthSettings } from '../../src/auth/auth-settings.js'
import { type Nginx, startNginx } from '../scale/nginx.js'
import { copyPlugin } from '../support/cli-process.js'
import { rawRequest } from '../support/raw-request.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * A resource server accepts only tokens meant for itself (MCP authorization, RFC 8707, RFC 9068
 * §4): the audiences it accepts never follow a header the client chooses, neither a forwarded
 * host nor the port in `Host`. Each case was a 200 before (issue 26, items 1 and 2).
 */

/** The audience the plugin is configured with (`OAUTH_AUDIENCE`). */
const OWN_AUDIENCE = 'api://notes'
/** What the same identity provider issued for another API. */
const BILLING_AUDIENCE = 'https://billing-api.example/mcp'

/** Behind a proxy that forwards the public host, which must be `notes.example`. */
const proxied =
  "{ title: 'Notes', auth: 'custom', server: { trustProxy: true, allowedHosts: ['notes.example'] } }"

let issuer: TestIssuer
const copies: { remove(): Promise<void> }[] = []
const served: ServedPlugin[] = []
const proxies: Nginx[] = []

/** The auth-custom fixture with `config` as its `portico.config.ts`. */
async function customPlugin(config: string): Promise<string> {
  const copy = await copyPlugin(fixtureDir('auth-custom-plugin'))
  copies.push(copy)
  await writeFile(join(copy.dir, 'portico.config.ts'), `export default ${config}\n`)
  return copy.dir
}

async function serve(
  config: string,
  options: { listenHost?: string; auth?: Partial<AuthSettings> } = {},
): Promise<ServedPlugin> {
  const plugin = await servePlugin(await customPlugin(config), {
    auth: testAuthSettings(issuer, { audience: OWN_AUDIENCE, ...options.auth }),
    ...(options.listenHost ? { listenHost: options.listenHost } : {}),
  })
  served.push(plugin)
  return plugin
}

function tokenFor(audience: string): Promise<string> {
  return issuer.mint({ scope: 'notes' }, { audience })
}

/** The statuses of a REST call and an MCP `tools/list` with these headers. */
async function statuses(url: string, headers: Record<string, string>): Promise<[number, number]> {
  const rest = await rawRequest(url, {
    method: 'POST',
    path: '/api/Me/whoami',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  })
  const mcp = await rawRequest(url, {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  })
  return [rest.status, mcp.status]
}

beforeAll(async () => {
  issuer = await startTestIssuer()
})

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.stop()))
  await Promise.all(served.map((plugin) => plugin.close()))
  await Promise.all(copies.map((copy) => copy.remove()))
  await issuer.close()
})

describe('behind a trusted proxy', () => {
  it('refuses a forwarded host that is not allowed, so no token for it can pass', async () => {
    const plugin = await serve(proxied, { listenHost: '0.0.0.0' })
    const billing = `Bearer ${await tokenFor(BILLING_AUDIENCE)}`
    // As a proxy passes it on: the public host, which passes.
    const host = 'notes.example'
    for (const forwarded of ['billing-api.example', 'notes.example, billing-api.example']) {
      const answer = await rawRequest(plugin.url, {
        method: 'POST',
        path: '/api/Me/whoami',
        headers: {
          host,
          'content-type': 'application/json',
          'x-forwarded-host': forwarded,
          'x-forwarded-proto': 'https',
          authorization: billing,
        },
        body: '{}',
      })
      expect(answer.status, forwarded).toBe(403)
      expect(JSON.parse(answer.body).detail).toMatch(
        /^Invalid X-Forwarded-Host: billing-api\.example\. /,
      )
      expect(
        await statuses(plugin.url, {
          host,
          'x-forwarded-host': forwarded,
          authorization: billing,
        }),
      ).toEqual([403, 403])
    }
  })

  it('reads the value the nearest proxy wrote, not one the client put in front', async () => {
    const plugin = await serve(proxied, { listenHost: '0.0.0.0' })
    const headers = {
      host: 'notes.example',
      'x-forwarded-host': 'billing-api.example, notes.example',
      'x-forwarded-proto': 'https',
    }
    const billing = `Bearer ${await tokenFor(BILLING_AUDIENCE)}`
    expect(await statuses(plugin.url, { ...headers, authorization: billing })).toEqual([401, 401])
    const own = `Bearer ${await tokenFor('https://notes.example/mcp')}`
    expect(await statuses(plugin.url, { ...headers, authorization: own })).toEqual([200, 200])
  })

  it('pins the audiences to OAUTH_RESOURCE whatever the forwarded host', async () => {
    const plugin = await serve("{ title: 'Notes', auth: 'custom', server: { trustProxy: true } }", {
      listenHost: '0.0.0.0',
      auth: { resource: 'https://notes.example/mcp' },
    })
    const headers = {
      host: new URL(plugin.url).host,
      'x-forwarded-host': 'billing-api.example',
      'x-forwarded-proto': 'https',
    }
    const billing = `Bearer ${await tokenFor(BILLING_AUDIENCE)}`
    expect(await statuses(plugin.url, { ...headers, authorization: billing })).toEqual([401, 401])
    for (const audience of [OWN_AUDIENCE, 'https://notes.example/mcp', 'https://notes.example']) {
      const own = `Bearer ${await tokenFor(audience)}`
      expect(await statuses(plugin.url, { ...headers, authorization: own }), audience).toEqual([
        200, 200,
      ])
    }
  })

  it('pins the audiences to server.publicUrl, and refuses every other host', async () => {
    const plugin = await serve(
      "{ title: 'Notes', auth: 'custom', server: { trustProxy: true, publicUrl: 'https://notes.example' } }",
      { listenHost: '0.0.0.0' },
    )
    const billing = `Bearer ${await tokenFor(BILLING_AUDIENCE)}`
    expect(
      await statuses(plugin.url, { host: 'billing-api.example', authorization: billing }),
    ).toEqual([403, 403])
    expect(
      await statuses(plugin.url, {
        host: 'notes.example',
        'x-forwarded-host': 'billing-api.example',
        authorization: billing,
      }),
    ).toEqual([403, 403])
    const own = `Bearer ${await tokenFor('https://notes.example/mcp')}`
    expect(await statuses(plugin.url, { host: 'notes.example', authorization: own })).toEqual([
      200, 200,
    ])
  })
})

describe('two plugins on loopback', () => {
  it('refuses the token of the plugin on another port, whatever port Host names', async () => {
    const config = "{ title: 'Notes', auth: 'custom' }"
    const [first, second] = [await serve(config), await serve(config)]
    const firstHost = `localhost:${new URL(first.url).port}`
    const firstToken = `Bearer ${await tokenFor(`http://${firstHost}/mcp`)}`
    expect(await statuses(first.url, { host: firstHost, authorization: firstToken })).toEqual([
      200, 200,
    ])
    expect(await statuses(second.url, { host: firstHost, authorization: firstToken })).toEqual([
      401, 401,
    ])
  })
})

describe('through nginx with the shipped config', () => {
  it('refuses a token for another API, whatever Host or X-Forwarded-Host the client sends', async () => {
    const plugin = await serve(proxied, { listenHost: '0.0.0.0' })
    const nginx = await startNginx([Number(new URL(plugin.url).port)])
    proxies.push(nginx)
    const billing = `Bearer ${await tokenFor(BILLING_AUDIENCE)}`
    expect(
      await statuses(nginx.url, { host: 'billing-api.example', authorization: billing }),
    ).toEqual([403, 403])
    // nginx writes X-Forwarded-Host itself: the client's own is replaced.
    expect(
      await statuses(nginx.url, {
        host: 'notes.example',
        'x-forwarded-host': 'billing-api.example',
        authorization: billing,
      }),
    ).toEqual([401, 401])
    const own = `Bearer ${await tokenFor(OWN_AUDIENCE)}`
    expect(await statuses(nginx.url, { host: 'notes.example', authorization: own })).toEqual([
      200, 200,
    ])
  })

  it('refuses the token of another port of an allowed host: the proxy says which it was reached on', async () => {
    const plugin = await serve(proxied, { listenHost: '0.0.0.0' })
    const nginx = await startNginx([Number(new URL(plugin.url).port)])
    proxies.push(nginx)
    const otherPort = `Bearer ${await tokenFor('http://notes.example:9999/mcp')}`
    expect(
      await statuses(nginx.url, { host: 'notes.example:9999', authorization: otherPort }),
    ).toEqual([401, 401])
    const publicHost = `notes.example:${new URL(nginx.url).port}`
    const own = `Bearer ${await tokenFor(`http://${publicHost}/mcp`)}`
    expect(await statuses(nginx.url, { host: publicHost, authorization: own })).toEqual([200, 200])
  })

  it('refuses the token of the plugin on another port named in Host', async () => {
    const config = "{ title: 'Notes', auth: 'custom', server: { trustProxy: true } }"
    const [first, second] = [await serve(config), await serve(config)]
    const nginx = await startNginx([Number(new URL(second.url).port)])
    proxies.push(nginx)
    const firstHost = `localhost:${new URL(first.url).port}`
    const firstToken = `Bearer ${await tokenFor(`http://${firstHost}/mcp`)}`
    expect(await statuses(nginx.url, { host: firstHost, authorization: firstToken })).toEqual([
      401, 401,
    ])
    // Its own public origin, the one the proxy is reached on, passes.
    const nginxHost = `localhost:${new URL(nginx.url).port}`
    const ownToken = `Bearer ${await tokenFor(`http://${nginxHost}/mcp`)}`
    expect(await statuses(nginx.url, { host: nginxHost, authorization: ownToken })).toEqual([
      200, 200,
    ])
  })
})
