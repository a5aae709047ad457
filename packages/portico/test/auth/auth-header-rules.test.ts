import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthSettings } from '../../src/auth/auth-settings.js'
import { authSettingsFromEnv } from '../../src/auth/auth-settings-from-env.js'
import { resolveAuthSettings } from '../../src/auth/resolve-auth-settings.js'
import { loadConfig } from '../../src/config/load-config.js'
import { rawRequest } from '../support/raw-request.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

/** How `Authorization` headers are read, the same on every surface and edge (RFC 6750). */

const AUDIENCE = 'https://notes.example.com'
const dir = fixtureDir('auth-custom-plugin')

let issuer: TestIssuer
let nodeEdge: ServedPlugin
let fetchEdge: ServedPlugin
let dev: ServedPlugin

beforeAll(async () => {
  issuer = await startTestIssuer()
  const { config } = await loadConfig(dir)
  const env = { OAUTH_ISSUER: issuer.issuer, OAUTH_AUDIENCE: AUDIENCE }
  const auth = resolveAuthSettings(config, authSettingsFromEnv(env), () => {}) as AuthSettings
  ;[nodeEdge, fetchEdge, dev] = await Promise.all([
    servePlugin(dir, { auth }),
    servePlugin(dir, { auth, nodeEdge: false }),
    servePlugin(dir, { auth, dev: true }),
  ])
})
afterAll(async () => {
  await Promise.all([nodeEdge?.close(), fetchEdge?.close(), dev?.close(), issuer?.close()])
})

interface Answer {
  status: number
  challenge: string | undefined
  body: string
}

/** A raw request, so that a header may be sent twice. */
async function send(
  url: string,
  path: string,
  headers: Record<string, string | string[]>,
): Promise<Answer> {
  const body = path.startsWith('/api/') ? '{}' : '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
  const answer = await rawRequest(url, {
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
  })
  const challenge = answer.headers['www-authenticate']
  return {
    status: answer.status,
    challenge: Array.isArray(challenge) ? challenge.join(', ') : challenge,
    body: answer.body,
  }
}

const surfaces = () => [
  { name: 'REST on the Node edge', url: nodeEdge.url, path: '/api/Me/whoami' },
  { name: 'REST on the Fetch handler', url: fetchEdge.url, path: '/api/Me/whoami' },
  { name: 'MCP', url: nodeEdge.url, path: '/mcp' },
]

describe('the Authorization header', () => {
  it('refuses two of them with 400 invalid_request on every surface', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE })
    const other = await issuer.mint({ sub: 'someone-else' }, { audience: AUDIENCE })
    for (const { name, url, path } of surfaces()) {
      const answer = await send(url, path, {
        authorization: [`Bearer ${token}`, `Bearer ${other}`],
      })
      expect(answer.status, name).toBe(400)
      expect(answer.challenge, name).toContain('error="invalid_request"')
    }
  })

  it('refuses a token in the header and in the query with 400 invalid_request (RFC 6750 §2)', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE })
    for (const { name, url, path } of surfaces()) {
      const answer = await send(url, `${path}?access_token=${token}`, {
        authorization: `Bearer ${token}`,
      })
      expect(answer.status, name).toBe(400)
      expect(answer.challenge, name).toContain('error="invalid_request"')
    }
  })

  it('accepts more than one space after Bearer (RFC 6750: 1*SP)', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE })
    for (const { name, url, path } of surfaces()) {
      const answer = await send(url, path, { authorization: `Bearer  ${token}` })
      expect(answer.status, name).toBe(200)
    }
  })

  it('answers MCP without credentials with no error code, in the body as in the challenge', async () => {
    const answer = await send(nodeEdge.url, '/mcp', {})
    expect(answer.status).toBe(401)
    expect(answer.challenge).not.toContain('error=')
    const body = JSON.parse(answer.body) as Record<string, unknown>
    expect(body).not.toHaveProperty('error')
    expect(body.error_description).toBe('An access token is required')
  })

  it('keeps invalid_token in the MCP body for a bad token', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE, key: 'other' })
    const answer = await send(nodeEdge.url, '/mcp', { authorization: `Bearer ${token}` })
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_token' })
  })

  it('never puts a stack in a refusal, even in dev mode', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE, key: 'other' })
    for (const authorization of [`Bearer ${token}`, 'Bearer not.a.jwt', 'Basic eDp5']) {
      const answer = await send(dev.url, '/api/Me/whoami', { authorization })
      expect(answer.status, authorization).toBe(401)
      expect(JSON.parse(answer.body), authorization).not.toHaveProperty('stack')
      expect(answer.body, authorization).not.toMatch(/\.(ts|js):\d+/)
    }
  })
})

describe('the e-mail in the context', () => {
  const whoami = async (claims: Record<string, unknown>) => {
    const token = await issuer.mint(claims, { audience: AUDIENCE })
    const answer = await send(nodeEdge.url, '/api/Me/whoami', { authorization: `Bearer ${token}` })
    expect(answer.status).toBe(200)
    return JSON.parse(answer.body) as { email: string; name: string }
  }

  it('is left out when email_verified is false, also from the display name', async () => {
    const caller = await whoami({ email: 'ada@example.com', email_verified: false })
    expect(caller.email).toBe('')
    expect(caller.name).toBe('test-user')
  })

  it('is kept when email_verified is true or absent', async () => {
    expect((await whoami({ email: 'ada@example.com', email_verified: true })).email).toBe(
      'ada@example.com',
    )
    expect((await whoami({ email: 'ada@example.com' })).email).toBe('ada@example.com')
  })
})
