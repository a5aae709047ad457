import { describe, expect, it } from 'vitest'
import type { AuthMode } from '../config/config-types.js'
import { resolveConfig } from '../config/resolve-config.js'
import { authSettingsFromEnv } from './auth-settings-from-env.js'
import { resolveAuthSettings, usesDefaultHub } from './resolve-auth-settings.js'

const deploy = { org: 'acme', app: 'notes' }

function resolve(auth: AuthMode, env: Record<string, string | undefined>, withDeploy = true) {
  const warnings: string[] = []
  const config = resolveConfig({ auth, ...(withDeploy ? { deploy } : {}) })
  const settings = resolveAuthSettings(config, authSettingsFromEnv(env), (m) => warnings.push(m))
  return { settings, warnings }
}

function failure(auth: AuthMode, env: Record<string, string>): unknown {
  try {
    resolve(auth, env)
  } catch (err) {
    return {
      name: (err as Error).name,
      location: (err as { location: unknown }).location,
      message: (err as Error).message,
    }
  }
  return expect.unreachable('expected an error')
}

describe('resolveAuthSettings', () => {
  it('returns undefined in mode anon, whatever the environment', () => {
    expect(resolve('anon', { OAUTH_ISSUER: 'https://a.example' })).toEqual({
      settings: undefined,
      warnings: [],
    })
  })

  it('resolves the fixed portico-hub settings', () => {
    expect(resolve('portico-hub', {})).toEqual({
      settings: {
        mode: 'portico-hub',
        issuer: 'http://localhost:4400',
        audience: 'urn:portico:hub:test',
        requiredScopes: ['portico-hub-test'],
        advertisedScopes: ['portico-hub-test', 'profile', 'email'],
        deploy: { org: 'acme', app: 'notes' },
        algorithms: ['RS256', 'ES256'],
        clockToleranceSeconds: 30,
      },
      warnings: [],
    })
  })

  it('gives a portico-hub plugin its own audience when it opts in, and asks for it at login', () => {
    const config = resolveConfig({ auth: 'portico-hub', deploy: { ...deploy, audience: 'plugin' } })
    const settings = resolveAuthSettings(config, {}, () => {})
    expect([settings?.audience, settings?.loginResource, settings?.deploy]).toEqual([
      'urn:portico:hub:acme:notes',
      'urn:portico:hub:acme:notes',
      { org: 'acme', app: 'notes' },
    ])
  })

  it('tells when the plugin relies on the default local hub', () => {
    const hub = resolveConfig({ auth: 'portico-hub', deploy })
    expect(usesDefaultHub(hub, authSettingsFromEnv({}))).toBe(true)
    expect(usesDefaultHub(hub, authSettingsFromEnv({ OAUTH_ISSUER: ' ' }))).toBe(true)
    expect(usesDefaultHub(hub, authSettingsFromEnv({ OAUTH_ISSUER: 'https://hub.example' }))).toBe(
      false,
    )
    expect(usesDefaultHub(resolveConfig({ auth: 'anon' }), {})).toBe(false)
  })

  it('honours OAUTH_ISSUER in mode portico-hub and warns once per other OAUTH_ variable', () => {
    const { settings, warnings } = resolve('portico-hub', {
      OAUTH_ISSUER: 'https://hub.example/',
      OAUTH_SCOPE: 'x',
      OAUTH_AUDIENCE: 'y',
      OAUTH_CLIENT_ID: '',
      PATH: '/bin',
    })
    expect(settings?.issuer).toBe('https://hub.example/')
    expect(settings?.audience).toBe('urn:portico:hub:test')
    expect(warnings).toEqual([
      'OAUTH_AUDIENCE is ignored in mode portico-hub (only OAUTH_ISSUER is honoured)',
      'OAUTH_SCOPE is ignored in mode portico-hub (only OAUTH_ISSUER is honoured)',
    ])
  })

  it('requires deploy in mode portico-hub', () => {
    expect(() => resolve('portico-hub', {}, false)).toThrow(
      'portico.config.ts (key "deploy"): mode "portico-hub" requires deploy: { org, app }',
    )
  })

  it('resolves every custom variable, keeping the issuer exactly', () => {
    expect(
      resolve('custom', {
        OAUTH_ISSUER: 'https://tenant.auth0.com/',
        OAUTH_AUDIENCE: 'api://notes',
        OAUTH_RESOURCE: 'https://notes.example.com/mcp',
        OAUTH_SCOPE: ' notes.read  notes.write email notes.read ',
        OAUTH_JWKS_URI: 'https://tenant.auth0.com/.well-known/jwks.json',
        OAUTH_TOKEN_URL: 'https://tenant.auth0.com/oauth/token',
        OAUTH_CLIENT_ID: 'abc123',
      }).settings,
    ).toEqual({
      mode: 'custom',
      issuer: 'https://tenant.auth0.com/',
      audience: 'api://notes',
      resource: 'https://notes.example.com/mcp',
      requiredScopes: ['notes.read', 'notes.write', 'email'],
      advertisedScopes: ['notes.read', 'notes.write', 'email', 'profile'],
      jwksUri: 'https://tenant.auth0.com/.well-known/jwks.json',
      tokenUrl: 'https://tenant.auth0.com/oauth/token',
      clientId: 'abc123',
      loginResource: 'https://notes.example.com/mcp',
      algorithms: ['RS256', 'ES256'],
      clockToleranceSeconds: 30,
    })
  })

  it('defaults the audience to the resource and leaves unset keys out', () => {
    expect(
      resolve('custom', {
        OAUTH_ISSUER: 'http://127.0.0.1:9000',
        OAUTH_RESOURCE: 'https://n.example/mcp',
      }).settings,
    ).toEqual({
      mode: 'custom',
      issuer: 'http://127.0.0.1:9000',
      audience: 'https://n.example/mcp',
      resource: 'https://n.example/mcp',
      loginResource: 'https://n.example/mcp',
      requiredScopes: [],
      advertisedScopes: ['profile', 'email'],
      algorithms: ['RS256', 'ES256'],
      clockToleranceSeconds: 30,
    })
  })

  it('accepts a bare GUID audience without a resource (Entra ID v2.0)', () => {
    const settings = resolve('custom', {
      OAUTH_ISSUER: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
      OAUTH_AUDIENCE: '0b5f6c1e-3a7d-4f7e-9a21-5c3d2e1f0a9b',
    }).settings
    expect([settings?.audience, settings?.resource]).toEqual([
      '0b5f6c1e-3a7d-4f7e-9a21-5c3d2e1f0a9b',
      undefined,
    ])
  })

  it.each([
    [
      'a missing OAUTH_ISSUER',
      { OAUTH_AUDIENCE: 'x' },
      'OAUTH_ISSUER',
      'environment (key "OAUTH_ISSUER"): OAUTH_ISSUER is required in mode custom: the issuer URL tokens carry in "iss"',
    ],
    [
      'a non-URL OAUTH_ISSUER',
      { OAUTH_ISSUER: 'auth.example.com', OAUTH_AUDIENCE: 'x' },
      'OAUTH_ISSUER',
      'environment (key "OAUTH_ISSUER"): OAUTH_ISSUER must be an http(s) URL, got "auth.example.com"',
    ],
    [
      'neither audience nor resource',
      { OAUTH_ISSUER: 'https://a.example' },
      'OAUTH_AUDIENCE',
      'environment (key "OAUTH_AUDIENCE"): OAUTH_AUDIENCE or OAUTH_RESOURCE is required in mode custom: the audience tokens carry in "aud"',
    ],
    [
      'a resource with a fragment',
      { OAUTH_ISSUER: 'https://a.example', OAUTH_RESOURCE: 'https://n.example/mcp#x' },
      'OAUTH_RESOURCE',
      'environment (key "OAUTH_RESOURCE"): OAUTH_RESOURCE must not have a fragment (RFC 8707 §2)',
    ],
    [
      'a non-http JWKS URI',
      {
        OAUTH_ISSUER: 'https://a.example',
        OAUTH_AUDIENCE: 'x',
        OAUTH_JWKS_URI: 'ftp://a.example/k',
      },
      'OAUTH_JWKS_URI',
      'environment (key "OAUTH_JWKS_URI"): OAUTH_JWKS_URI must be an http(s) URL, got "ftp://a.example/k"',
    ],
    [
      'a scope with a quote',
      { OAUTH_ISSUER: 'https://a.example', OAUTH_AUDIENCE: 'x', OAUTH_SCOPE: 'a"b' },
      'OAUTH_SCOPE',
      'environment (key "OAUTH_SCOPE"): OAUTH_SCOPE must be space-separated scopes of printable ASCII without " or \\',
    ],
  ])('throws a PluginDefinitionError for %s', (_label, env, key, message) => {
    expect(failure('custom', env)).toEqual({
      name: 'PluginDefinitionError',
      location: { file: 'environment', key },
      message,
    })
  })
})
