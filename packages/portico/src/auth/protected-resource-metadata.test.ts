import { describe, expect, it } from 'vitest'
import { type AuthSettings, DPOP_ALGORITHMS } from './auth-settings.js'
import {
  buildProtectedResourceMetadata,
  protectedResourceMetadataUrl,
} from './protected-resource-metadata.js'

const settings: AuthSettings = {
  mode: 'custom',
  issuer: 'https://auth.example.com/',
  audience: 'api://notes',
  requiredScopes: ['notes'],
  advertisedScopes: ['notes', 'profile', 'email'],
  algorithms: ['RS256', 'ES256'],
  clockToleranceSeconds: 30,
}

describe('buildProtectedResourceMetadata', () => {
  it('lists the resource, the exact issuer, the advertised scopes and header bearer tokens', () => {
    expect(buildProtectedResourceMetadata(settings, 'https://n.example/mcp', 'Notes')).toEqual({
      resource: 'https://n.example/mcp',
      authorization_servers: ['https://auth.example.com/'],
      scopes_supported: ['notes', 'profile', 'email'],
      bearer_methods_supported: ['header'],
      dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
      dpop_bound_access_tokens_required: false,
      dpop_bound_access_tokens_supported: true,
      resource_name: 'Notes',
    })
  })

  it('adds the documentation URL when given', () => {
    const doc = buildProtectedResourceMetadata(settings, 'https://n.example', 'Notes', {
      resourceDocumentation: 'https://n.example/docs',
    })
    expect(doc.resource_documentation).toBe('https://n.example/docs')
  })

  it('leaves out empty values', () => {
    const doc = buildProtectedResourceMetadata(
      { ...settings, advertisedScopes: [] },
      'https://n.example/mcp',
      '',
    )
    expect(Object.keys(doc)).toEqual([
      'resource',
      'authorization_servers',
      'bearer_methods_supported',
      'dpop_signing_alg_values_supported',
      'dpop_bound_access_tokens_required',
      'dpop_bound_access_tokens_supported',
    ])
  })
})

describe('protectedResourceMetadataUrl', () => {
  it.each([
    ['https://n.example', '/mcp', 'https://n.example/.well-known/oauth-protected-resource/mcp'],
    [
      'https://n.example/',
      '/mcp/notes',
      'https://n.example/.well-known/oauth-protected-resource/mcp/notes',
    ],
    [
      'http://127.0.0.1:4321',
      'mcp',
      'http://127.0.0.1:4321/.well-known/oauth-protected-resource/mcp',
    ],
    ['https://n.example', '/', 'https://n.example/.well-known/oauth-protected-resource'],
    ['https://n.example/', '', 'https://n.example/.well-known/oauth-protected-resource'],
  ])('inserts the well-known segment between %s and %j', (origin, path, expected) => {
    expect(protectedResourceMetadataUrl(origin, path)).toBe(expected)
  })
})
