import { describe, expect, it } from 'vitest'
import { buildAuthChallenge } from './build-auth-challenge.js'

const url = 'https://h.example/.well-known/oauth-protected-resource/mcp'
const base = { resourceMetadataUrl: url, dpopAlgorithms: ['ES256', 'RS256'] }
const dpop = (scope: string) => `DPoP resource_metadata="${url}", ${scope}algs="ES256 RS256"`

describe('buildAuthChallenge', () => {
  it('builds a Bearer then a DPoP challenge, without error, for a request without credentials', () => {
    expect(buildAuthChallenge({ ...base, scopes: ['notes', 'profile'] })).toBe(
      `Bearer resource_metadata="${url}", scope="notes profile", ${dpop('scope="notes profile", ')}`,
    )
  })

  it('adds error and error_description to the Bearer challenge after the scope', () => {
    expect(
      buildAuthChallenge({
        ...base,
        scopes: ['a'],
        error: 'invalid_token',
        description: 'The token has expired',
      }),
    ).toBe(
      `Bearer resource_metadata="${url}", scope="a", error="invalid_token", error_description="The token has expired", ${dpop('scope="a", ')}`,
    )
  })

  it('puts the DPoP challenge first, with the error, when the request used DPoP', () => {
    expect(
      buildAuthChallenge({
        ...base,
        scopes: ['a'],
        scheme: 'DPoP',
        error: 'invalid_dpop_proof',
        description: 'No DPoP proof',
      }),
    ).toBe(
      `${dpop('scope="a", ')}, error="invalid_dpop_proof", error_description="No DPoP proof", Bearer resource_metadata="${url}", scope="a"`,
    )
  })

  it('leaves out the scope when there is none', () => {
    expect(buildAuthChallenge({ ...base, scopes: [], error: 'invalid_request' })).toBe(
      `Bearer resource_metadata="${url}", error="invalid_request", ${dpop('')}`,
    )
  })

  it('strips quotes, backslashes, control and non-ASCII characters from values', () => {
    expect(
      buildAuthChallenge({
        ...base,
        resourceMetadataUrl: `${url}"x`,
        scopes: ['a"b', 'c\\d'],
        error: 'insufficient_scope',
        description: 'bad "quote"\r\nSet-Cookie: x=1\t\u0000é\\',
      }),
    ).toMatch(
      new RegExp(
        `^Bearer resource_metadata="${url}x", scope="ab cd", error="insufficient_scope", error_description="bad quoteSet-Cookie: x=1", DPoP `,
      ),
    )
  })
})
