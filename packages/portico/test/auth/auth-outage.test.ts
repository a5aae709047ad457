import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { freePort } from '../support/cli-process.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const AUDIENCE = 'https://notes.example.com'
const COOLDOWN_MS = 10_000
const claims = { sub: 'user-42', scope: 'notes.read' }
const dir = fixtureDir('auth-custom-plugin')

const settingsFor = (env: Record<string, string>) => authSettingsFromEnv(dir, env)

function whoami(server: ServedPlugin, token: string): Promise<Response> {
  return fetch(`${server.url}/api/Me/whoami`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  })
}

function listTools(server: ServedPlugin, token: string): Promise<Response> {
  return postToolsList(`${server.url}/mcp`, { authorization: `Bearer ${token}` })
}

async function expectRestUnavailable(response: Response, detail: string): Promise<void> {
  expect(response.status).toBe(503)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(response.headers.get('www-authenticate')).toBeNull()
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  expect(await response.json()).toEqual({
    type: 'urn:portico:problem:unavailable',
    title: 'Service unavailable',
    status: 503,
    detail,
  })
}

async function expectMcpUnavailable(response: Response, description: string): Promise<void> {
  expect(response.status).toBe(503)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(response.headers.get('www-authenticate')).toBeNull()
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(await response.json()).toEqual({
    error: 'temporarily_unavailable',
    error_description: description,
  })
}

let issuer: TestIssuer
beforeAll(async () => {
  issuer = await startTestIssuer()
})
afterAll(() => issuer?.close())
afterEach(() => {
  issuer.failJwks(undefined)
  vi.useRealTimers()
})

describe('an issuer whose JWKS answers 503', () => {
  it.each([
    ['the Node REST edge', true],
    ['the Fetch handler', false],
  ])('answers 503 with Retry-After over REST (%s) and MCP, fetching once', async (_n, nodeEdge) => {
    const served = await servePlugin(dir, {
      auth: await settingsFor({ OAUTH_ISSUER: issuer.issuer, OAUTH_AUDIENCE: AUDIENCE }),
      jwksCooldownMs: COOLDOWN_MS,
      nodeEdge,
    })
    try {
      issuer.failJwks('503')
      const before = issuer.jwksRequests
      const token = await issuer.mint(claims, { audience: AUDIENCE })
      const detail = "The issuer's signing keys are unavailable (HTTP 503)"
      for (let i = 0; i < 5; i++) {
        await expectRestUnavailable(await whoami(served, token), detail)
        await expectMcpUnavailable(await listTools(served, token), detail)
      }
      expect(issuer.jwksRequests).toBe(before + 1)
      // A forged token is still refused as such, outage or not.
      const forged = await whoami(served, issuer.mintUnsigned({ ...claims, aud: AUDIENCE }))
      expect(forged.status).toBe(401)
    } finally {
      await served.close()
    }
  })

  it('keeps serving valid tokens from the last good keys once they are stale', async () => {
    const served = await servePlugin(dir, {
      auth: await settingsFor({ OAUTH_ISSUER: issuer.issuer, OAUTH_AUDIENCE: AUDIENCE }),
      jwksCooldownMs: COOLDOWN_MS,
    })
    try {
      const first = await issuer.mint(claims, { audience: AUDIENCE })
      expect((await whoami(served, first)).status).toBe(200)
      issuer.failJwks('503')
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
      const token = await issuer.mint(claims, { audience: AUDIENCE })
      for (let i = 0; i < 5; i++) {
        expect((await whoami(served, token)).status).toBe(200)
        expect((await listTools(served, token)).status).toBe(200)
      }
      const forged = await issuer.mint(claims, { audience: AUDIENCE, key: 'other' })
      expect((await whoami(served, forged)).status).toBe(401)
      expect((await listTools(served, forged)).status).toBe(401)
    } finally {
      await served.close()
    }
  })
})

describe('an unreachable JWKS', () => {
  it('answers 503 with Retry-After over REST and MCP', async () => {
    const served = await servePlugin(dir, {
      auth: await settingsFor({
        OAUTH_ISSUER: issuer.issuer,
        OAUTH_AUDIENCE: AUDIENCE,
        OAUTH_JWKS_URI: `http://127.0.0.1:${await freePort()}/jwks`,
      }),
      jwksCooldownMs: COOLDOWN_MS,
    })
    try {
      const token = await issuer.mint(claims, { audience: AUDIENCE })
      const detail = "The issuer's signing keys are unavailable (request failed)"
      await expectRestUnavailable(await whoami(served, token), detail)
      await expectMcpUnavailable(await listTools(served, token), detail)
    } finally {
      await served.close()
    }
  })

  it('answers 503 when the issuer cannot be discovered', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}`
    const served = await servePlugin(dir, {
      auth: await settingsFor({ OAUTH_ISSUER: unreachable, OAUTH_AUDIENCE: AUDIENCE }),
      jwksCooldownMs: COOLDOWN_MS,
    })
    try {
      const token = await issuer.mint(claims, { audience: AUDIENCE, issuer: unreachable })
      const detail = "The issuer's discovery document is unavailable (request failed)"
      await expectRestUnavailable(await whoami(served, token), detail)
      await expectMcpUnavailable(await listTools(served, token), detail)
    } finally {
      await served.close()
    }
  })
})
