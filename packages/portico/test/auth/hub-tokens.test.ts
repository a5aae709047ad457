import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, createRedisStore, type Hub, startHub } from '@portico/hub'
import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { copyPlugin, freePort } from '../support/cli-process.js'
import { obtainHubToken } from '../support/hub-token.js'
import {
  authSettingsFromEnv,
  callTool,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * What a plugin accepts from the Portico hub: the test tier's shared audience (a token issued
 * for one portico-hub plugin passes at another), the opt-in per-plugin audience (it does not),
 * tokens issued before the hub restarted or rotated its keys, and a login served by two hub
 * replicas sharing Redis.
 */

const copies: { remove(): Promise<void> }[] = []

/** The fixture's portico-hub plugin, deployed as `org/app`, with its audience choice. */
async function hubPlugin(app: string, audience: 'shared' | 'plugin'): Promise<string> {
  const copy = await copyPlugin(fixtureDir('auth-hub-plugin'))
  copies.push(copy)
  const config = await readFile(join(copy.dir, 'portico.config.ts'), 'utf8')
  await writeFile(
    join(copy.dir, 'portico.config.ts'),
    config.replace(
      /deploy: \{[^}]*\}/,
      `deploy: { org: 'acme', app: '${app}', audience: '${audience}' }`,
    ),
  )
  return copy.dir
}

/** Serves a plugin folder against the hub at `issuer`. */
async function serveAgainst(dir: string, issuer: string): Promise<ServedPlugin> {
  return servePlugin(dir, { auth: await authSettingsFromEnv(dir, { OAUTH_ISSUER: issuer }) })
}

/** The status of `Me_whoami` on `plugin` with `token`. */
async function whoamiStatus(plugin: ServedPlugin, token: string): Promise<number> {
  const response = await callTool(
    plugin.url,
    '/api/Me/whoami',
    {},
    {
      authorization: `Bearer ${token}`,
    },
  )
  await response.body?.cancel()
  return response.status
}

afterAll(async () => {
  await Promise.all(copies.map((copy) => copy.remove()))
})

describe('audiences', () => {
  let hub: Hub
  let first: ServedPlugin
  let second: ServedPlugin
  let isolated: ServedPlugin

  beforeAll(async () => {
    hub = await startHub({ port: 0, store: createMemoryStore() })
    first = await serveAgainst(await hubPlugin('first', 'shared'), hub.issuer)
    second = await serveAgainst(await hubPlugin('second', 'shared'), hub.issuer)
    isolated = await serveAgainst(await hubPlugin('isolated', 'plugin'), hub.issuer)
  })
  afterAll(async () => {
    await Promise.all([first, second, isolated].map((plugin) => plugin?.close()))
    await hub?.close()
  })

  it("accepts a token issued for another portico-hub plugin: the test tier's shared audience", async () => {
    const { accessToken } = await obtainHubToken(hub.issuer, { resource: `${first.url}/mcp` })
    expect(await whoamiStatus(first, accessToken)).toBe(200)
    expect(await whoamiStatus(second, accessToken)).toBe(200)
  })

  it('refuses it with the per-plugin audience on, and accepts tokens issued for that plugin', async () => {
    const forFirst = await obtainHubToken(hub.issuer, { resource: `${first.url}/mcp` })
    const response = await callTool(
      isolated.url,
      '/api/Me/whoami',
      {},
      {
        authorization: `Bearer ${forFirst.accessToken}`,
      },
    )
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/error="invalid_token"/)

    const byName = await obtainHubToken(hub.issuer, { resource: 'urn:portico:hub:acme:isolated' })
    expect(await whoamiStatus(isolated, byName.accessToken)).toBe(200)
    const byUrl = await obtainHubToken(hub.issuer, { resource: `${isolated.url}/mcp` })
    expect(await whoamiStatus(isolated, byUrl.accessToken)).toBe(200)
    // A token for the isolated plugin is no shared token either.
    expect(await whoamiStatus(second, byName.accessToken)).toBe(401)
  })
})

describe('a hub that restarts or rotates its keys', () => {
  let dataDir: string
  let port: number
  let hub: Hub | undefined
  let dir: string
  const plugins: ServedPlugin[] = []

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portico-hub-data-'))
    port = await freePort()
    hub = await startHub({ port, dataDir })
    dir = await hubPlugin('restart', 'shared')
  })
  afterAll(async () => {
    await Promise.all(plugins.map((plugin) => plugin.close()))
    await hub?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps verifying tokens issued before a restart, and signs with the same key after it', async () => {
    const before = await obtainHubToken((hub as Hub).issuer)
    await (hub as Hub).close()
    hub = await startHub({ port, dataDir })
    // A plugin that never saw the old hub: it reads the keys from the restarted one.
    const plugin = await serveAgainst(dir, hub.issuer)
    plugins.push(plugin)
    expect(await whoamiStatus(plugin, before.accessToken)).toBe(200)
    const after = await obtainHubToken(hub.issuer)
    expect(decodeProtectedHeader(after.accessToken).kid).toBe(
      decodeProtectedHeader(before.accessToken).kid,
    )
    // The refresh token and the client registered before the restart still work.
    const refreshed = await before.refresh()
    expect(await whoamiStatus(plugin, refreshed.accessToken)).toBe(200)
  })

  it('keeps verifying tokens in flight when the keys rotate', async () => {
    const current = hub as Hub
    const before = await obtainHubToken(current.issuer)
    await current.rotateKeys()
    const after = await obtainHubToken(current.issuer)
    expect(decodeProtectedHeader(after.accessToken).kid).not.toBe(
      decodeProtectedHeader(before.accessToken).kid,
    )
    const plugin = await serveAgainst(dir, current.issuer)
    plugins.push(plugin)
    expect(await whoamiStatus(plugin, before.accessToken)).toBe(200)
    expect(await whoamiStatus(plugin, after.accessToken)).toBe(200)
  })
})

describe('two hub replicas on Redis', () => {
  let redis: RedisServer
  const hubs: Hub[] = []
  let plugin: ServedPlugin

  beforeAll(async () => {
    redis = await startRedisServer()
    const port = await freePort()
    const issuer = `http://localhost:${port}`
    hubs.push(await startHub({ port, issuer, store: await createRedisStore(redis.url) }))
    hubs.push(await startHub({ port: 0, issuer, store: await createRedisStore(redis.url) }))
    plugin = await serveAgainst(await hubPlugin('replicas', 'shared'), issuer)
  })
  afterAll(async () => {
    await plugin?.close()
    await Promise.all(hubs.map((hub) => hub.close()))
    await redis?.stop()
  })

  it('serves one login flow split across both, and its refresh', async () => {
    const [one, two] = hubs as [Hub, Hub]
    expect(one.url).not.toBe(two.url)
    const visited: string[] = []
    // Round robin, as a load balancer without sticky sessions would.
    const route = (url: URL, step: number) => {
      const target = new URL(url)
      const replica = new URL(step % 2 === 0 ? one.url : two.url)
      if (target.origin === new URL(one.issuer).origin) {
        target.host = replica.host
        visited.push(replica.host)
      }
      return target
    }
    const tokens = await obtainHubToken(one.issuer, { route })
    expect(new Set(visited).size).toBe(2)
    expect(await whoamiStatus(plugin, tokens.accessToken)).toBe(200)
    const refreshed = await tokens.refresh()
    expect(await whoamiStatus(plugin, refreshed.accessToken)).toBe(200)
  })
})
