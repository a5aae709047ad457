import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSettingsFromEnv } from '../../src/auth/auth-settings-from-env.js'
import { resolveAuthSettings } from '../../src/auth/resolve-auth-settings.js'
import { PorticoError } from '../../src/core/portico-error.js'
import { loadSourcePlugin } from '../../src/plugin/load-source-plugin.js'
import type { LoadedPlugin } from '../../src/plugin/loaded-plugin.js'
import type { AuthAppOptions } from '../../src/server/get-auth-app.js'
import { getAuthApp } from '../../src/server/get-auth-app.js'
import { type RunningServer, startNodeServer } from '../../src/server/start-node-server.js'
import { fixtureDir, notesExampleDir, postToolsList } from '../support/serve-plugin.js'
import { expectedChallenge, startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const rootDir = fixtureDir('auth-custom-plugin')
const outDir = join(rootDir, '.portico', `test-${randomUUID()}`)
let issuer: TestIssuer
let plugin: LoadedPlugin
let server: RunningServer
let url: string

beforeAll(async () => {
  issuer = await startTestIssuer()
  plugin = await loadSourcePlugin(rootDir, { outDir })
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
        scopes: [],
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

/** The error `act` throws, as its name, location and message. */
function refusal(act: () => unknown): unknown {
  try {
    act()
  } catch (err) {
    return {
      name: (err as Error).name,
      location: (err as { location: unknown }).location,
      message: (err as Error).message,
    }
  }
  return expect.unreachable('expected an error')
}

describe('getAuthApp refuses what OAUTH_* refuses, with the same error', () => {
  const custom = { issuer: 'https://login.example', audience: 'api://notes' }
  it.each([
    [
      'a scope with a quote',
      { ...custom, scopes: ['notes"read'] },
      { OAUTH_ISSUER: custom.issuer, OAUTH_AUDIENCE: custom.audience, OAUTH_SCOPE: 'notes"read' },
      'OAUTH_SCOPE',
      'environment (key "OAUTH_SCOPE"): OAUTH_SCOPE must be space-separated scopes of printable ASCII without " or \\',
    ],
    [
      'a non-http(s) issuer',
      { ...custom, issuer: 'ftp://login.example' },
      { OAUTH_ISSUER: 'ftp://login.example', OAUTH_AUDIENCE: custom.audience },
      'OAUTH_ISSUER',
      'environment (key "OAUTH_ISSUER"): OAUTH_ISSUER must be an http(s) URL, got "ftp://login.example"',
    ],
    [
      'a resource with a fragment',
      { issuer: custom.issuer, resource: 'https://notes.example/mcp#x' },
      { OAUTH_ISSUER: custom.issuer, OAUTH_RESOURCE: 'https://notes.example/mcp#x' },
      'OAUTH_RESOURCE',
      'environment (key "OAUTH_RESOURCE"): OAUTH_RESOURCE must not have a fragment (RFC 8707 §2)',
    ],
    [
      'a missing issuer',
      { audience: custom.audience },
      { OAUTH_AUDIENCE: custom.audience },
      'OAUTH_ISSUER',
      'environment (key "OAUTH_ISSUER"): OAUTH_ISSUER is required in mode custom: the issuer URL tokens carry in "iss"',
    ],
  ])('refuses %s', (_label, options: AuthAppOptions, env, key, message) => {
    const expected = {
      name: 'PluginDefinitionError',
      location: { file: 'environment', key },
      message,
    }
    const { config } = plugin.runtime.model
    expect(refusal(() => resolveAuthSettings(config, authSettingsFromEnv(env), () => {}))).toEqual(
      expected,
    )
    expect(refusal(() => getAuthApp(plugin, options))).toEqual(expected)
  })

  it('refuses an additional scope that would break the challenge header', () => {
    expect(refusal(() => getAuthApp(plugin, { ...custom, additionalScopes: ['a b'] }))).toEqual({
      name: 'PluginDefinitionError',
      location: { file: 'getAuthApp', key: 'additionalScopes' },
      message:
        'getAuthApp (key "additionalScopes"): additionalScopes must be scopes of printable ASCII without " or \\',
    })
  })
})
