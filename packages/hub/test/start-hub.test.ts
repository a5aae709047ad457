import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as hubModule from '../src/index.js'
import { createMemoryStore, type Hub, type HubStore, startHub } from '../src/index.js'

let hub: Hub

beforeAll(async () => {
  hub = await startHub({ port: 0, store: createMemoryStore() })
})
afterAll(async () => {
  await hub?.close()
})

describe('@portico/hub', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(hubModule).sort()).toEqual([
      'DEFAULT_HUB_USERS',
      'PORTICO_HUB_AUDIENCE',
      'PORTICO_HUB_SCOPE',
      'connectRedis',
      'createFileStore',
      'createMemoryStore',
      'createRedisStore',
      'isLoopbackHost',
      'redisLocation',
      'rotateHubKeys',
      'sharedClientMetadataUrl',
      'startHub',
    ])
    expect(hubModule.PORTICO_HUB_AUDIENCE).toBe('urn:portico:hub:test')
    expect(hubModule.PORTICO_HUB_SCOPE).toBe('portico-hub-test')
    expect(hubModule.sharedClientMetadataUrl('http://localhost:4400', 4321)).toBe(
      'http://localhost:4400/clients/localhost/4321.json',
    )
  })
})

describe('startHub', () => {
  it('listens on 127.0.0.1 with the issuer on localhost by default', () => {
    expect(hub.url).toBe(`http://127.0.0.1:${hub.port}`)
    expect(hub.issuer).toBe(`http://localhost:${hub.port}`)
  })

  it('publishes discovery under both well-known names', async () => {
    for (const path of ['openid-configuration', 'oauth-authorization-server']) {
      const response = await fetch(`${hub.url}/.well-known/${path}`)
      expect(response.status).toBe(200)
      const metadata = await response.json()
      expect(metadata).toMatchObject({
        issuer: hub.issuer,
        registration_endpoint: `${hub.url}/reg`,
        jwks_uri: `${hub.url}/jwks`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        client_id_metadata_document_supported: true,
        authorization_response_iss_parameter_supported: true,
        scopes_supported: ['openid', 'offline_access', 'portico-hub-test', 'profile', 'email'],
      })
      expect(metadata.token_endpoint_auth_methods_supported).toContain('none')
      // Every token is for a resource, and oidc-provider serves userinfo to none of those.
      expect(metadata.userinfo_endpoint).toBeUndefined()
      expect(metadata.claims_supported).toEqual(
        expect.arrayContaining(['sub', 'email', 'name', 'preferred_username', 'picture', 'orgs']),
      )
    }
  })

  it('serves a home page naming the issuer, and a health check', async () => {
    const home = await fetch(`${hub.url}/`)
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain(`<code>${hub.issuer}</code>`)
    expect(html).toContain(`${hub.issuer}/.well-known/openid-configuration`)
    const health = await fetch(`${hub.url}/healthz`)
    expect(health.status).toBe(200)
  })

  it('rejects a port in use with a clear message', async () => {
    await expect(startHub({ port: hub.port, store: createMemoryStore() })).rejects.toThrow(
      `port ${hub.port} is in use on 127.0.0.1`,
    )
  })

  it('rejects options it cannot use, naming them', async () => {
    await expect(startHub({ port: 0, issuer: 'http://localhost:4400/' })).rejects.toThrow(
      /issuer "http:\/\/localhost:4400\/" must be an http\(s\) URL without query, fragment or trailing slash/,
    )
    await expect(
      startHub({ port: 0, users: [{ username: 'Bad Name', orgs: [] }] }),
    ).rejects.toThrow(/users\[0\]\.username/)
  })

  it('keeps its keys in a data folder by default', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-hub-data-'))
    try {
      const first = await startHub({ port: 0, dataDir })
      const kids = await (await fetch(`${first.url}/jwks`)).json()
      expect(first.store.location).toBe(dataDir)
      await first.close()
      const second = await startHub({ port: 0, dataDir })
      expect(await (await fetch(`${second.url}/jwks`)).json()).toEqual(kids)
      await second.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('reports a server error to log and answers it without details', async () => {
    const messages: string[] = []
    const store = createMemoryStore()
    const failing: HubStore = {
      ...store,
      adapter: (model) =>
        model === 'Client'
          ? {
              ...store.adapter(model),
              upsert: () => Promise.reject(new Error('disk full')),
            }
          : store.adapter(model),
      keys: (create) => store.keys(create),
      replaceKeys: (next, version) => store.replaceKeys(next, version),
      close: () => store.close(),
    }
    const broken = await startHub({ port: 0, store: failing, log: (m) => messages.push(m) })
    try {
      const response = await fetch(`${broken.url}/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['http://127.0.0.1:1/cb'],
          token_endpoint_auth_method: 'none',
        }),
      })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({
        error: 'server_error',
        error_description: 'oops! something went wrong',
      })
      expect(messages.join('\n')).toMatch(/server_error on POST \/reg: Error: disk full/)
    } finally {
      await broken.close()
    }
  })
})
