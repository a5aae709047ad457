import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PorticoError } from '../../src/core/portico-error.js'
import { loadSourcePlugin } from '../../src/plugin/load-source-plugin.js'
import { getAuthApp } from '../../src/server/get-auth-app.js'
import { type RunningServer, startNodeServer } from '../../src/server/start-node-server.js'
import { fixtureDir, notesExampleDir, postToolsList } from '../support/serve-plugin.js'
import { expectedChallenge, startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const rootDir = fixtureDir('auth-custom-plugin')
const outDir = join(rootDir, '.portico', `test-${randomUUID()}`)
let issuer: TestIssuer
let server: RunningServer
let url: string

beforeAll(async () => {
  issuer = await startTestIssuer()
  const plugin = await loadSourcePlugin(rootDir, { outDir })
  const app = getAuthApp(plugin, {
    issuer: issuer.issuer,
    audience: 'api://notes',
    scopes: ['notes.read'],
    additionalScopes: ['offline_access'],
    algorithms: ['ES256'],
    claimsToContext: (claims, token) => {
      // A directory lookup that is down: the token may be good, so 503, never 401 or 500.
      if (claims.oid === 'directory-down') throw new PorticoError('unavailable', 'Directory down')
      return {
        uid: String(claims.oid),
        email: String(claims.upn ?? ''),
        orgs: [String(claims.tid)],
        avatar: { name: 'From oid', initials: 'FO', picture: '' },
        token,
      }
    },
  })
  server = await startNodeServer({ fetch: app.fetch, port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${server.port}`
})
afterAll(async () => {
  await server?.close()
  await issuer?.close()
  await rm(outDir, { recursive: true, force: true })
})

const call = (token?: string) =>
  fetch(`${url}/api/Me/whoami`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: '{}',
  })

describe('getAuthApp', () => {
  it('maps claims with the given claimsToContext', async () => {
    const token = await issuer.mint(
      { oid: 'o-1', upn: 'ada@contoso.example', tid: 'tenant-9', scope: 'notes.read' },
      { alg: 'ES256', audience: 'api://notes' },
    )
    const response = await call(token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      uid: 'o-1',
      email: 'ada@contoso.example',
      orgs: ['tenant-9'],
      name: 'From oid',
      initials: 'FO',
    })
  })

  it('advertises the additional scopes in the challenge', async () => {
    const response = await call()
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(
      expectedChallenge(
        `${url}/.well-known/oauth-protected-resource`,
        'notes.read offline_access profile email',
      ),
    )
  })

  it('answers 503 with Retry-After when claimsToContext reports an outage, on REST and MCP', async () => {
    const token = await issuer.mint(
      { oid: 'directory-down', scope: 'notes.read' },
      { alg: 'ES256', audience: 'api://notes' },
    )
    for (const response of [
      await call(token),
      await postToolsList(`${url}/mcp`, { authorization: `Bearer ${token}` }),
    ]) {
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(response.headers.get('www-authenticate')).toBeNull()
    }
    expect((await call()).status).toBe(401)
  })

  it('accepts only the given algorithms', async () => {
    const token = await issuer.mint(
      { oid: 'o-1', scope: 'notes.read' },
      { alg: 'RS256', audience: 'api://notes' },
    )
    expect((await call(token)).status).toBe(401)
  })

  it('refuses a plugin in mode anon', async () => {
    const anonOut = join(notesExampleDir, '.portico', `test-${randomUUID()}`)
    try {
      const plugin = await loadSourcePlugin(notesExampleDir, { outDir: anonOut })
      expect(() => getAuthApp(plugin, { issuer: issuer.issuer, audience: 'x' })).toThrow(
        'getAuthApp needs a plugin whose config sets auth to "custom" or "portico-hub"',
      )
    } finally {
      await rm(anonOut, { recursive: true, force: true })
    }
  })
})
