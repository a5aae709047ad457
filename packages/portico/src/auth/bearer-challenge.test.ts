import { describe, expect, it } from 'vitest'
import { buildBearerChallenge } from './bearer-challenge.js'

const url = 'https://h.example/.well-known/oauth-protected-resource/mcp'

describe('buildBearerChallenge', () => {
  it('builds a challenge without error for a request without credentials', () => {
    expect(buildBearerChallenge({ resourceMetadataUrl: url, scopes: ['notes', 'profile'] })).toBe(
      `Bearer resource_metadata="${url}", scope="notes profile"`,
    )
  })

  it('adds error and error_description after the scope', () => {
    expect(
      buildBearerChallenge({
        resourceMetadataUrl: url,
        scopes: ['a'],
        error: 'invalid_token',
        description: 'The token has expired',
      }),
    ).toBe(
      `Bearer resource_metadata="${url}", scope="a", error="invalid_token", error_description="The token has expired"`,
    )
  })

  it('leaves out the scope when there is none', () => {
    expect(
      buildBearerChallenge({ resourceMetadataUrl: url, scopes: [], error: 'invalid_request' }),
    ).toBe(`Bearer resource_metadata="${url}", error="invalid_request"`)
  })

  it('strips quotes, backslashes, control and non-ASCII characters from values', () => {
    expect(
      buildBearerChallenge({
        resourceMetadataUrl: `${url}"x`,
        scopes: ['a"b', 'c\\d'],
        error: 'insufficient_scope',
        description: 'bad "quote"\r\nSet-Cookie: x=1\t\u0000é\\',
      }),
    ).toBe(
      `Bearer resource_metadata="${url}x", scope="ab cd", error="insufficient_scope", error_description="bad quoteSet-Cookie: x=1"`,
    )
  })
})
