import { describe, expect, it } from 'vitest'
import { PorticoError } from '../core/portico-error.js'
import { extractCredentials } from './extract-credentials.js'

describe('extractCredentials', () => {
  it('returns undefined without a header', () => {
    expect(extractCredentials(null)).toBeUndefined()
  })

  it.each(['Bearer', 'bearer', 'BEARER'])('reads the token after the scheme %s', (scheme) => {
    expect(extractCredentials(`${scheme} eyJ.a-b_c.d~+/==`)).toEqual({
      scheme: 'Bearer',
      token: 'eyJ.a-b_c.d~+/==',
    })
  })

  it.each(['DPoP', 'dpop', 'DPOP'])('reads a DPoP-bound token after the scheme %s', (scheme) => {
    expect(extractCredentials(`${scheme} eyJ.b.c`)).toEqual({ scheme: 'DPoP', token: 'eyJ.b.c' })
  })

  it('allows more than one space after the scheme (RFC 6750: 1*SP)', () => {
    expect(extractCredentials('Bearer  abc')).toEqual({ scheme: 'Bearer', token: 'abc' })
  })

  it.each(['Bearer a, Bearer b', 'Bearer a,Basic b', 'Bearer a,', 'DPoP a, Bearer a'])(
    'refuses several credentials, as repeated headers arrive joined: %j',
    (header) => {
      expect(() => extractCredentials(header)).toThrow(
        expect.objectContaining({ kind: 'bad_request' }),
      )
    },
  )

  it.each([
    '',
    'Bearer',
    'Bearer ',
    'DPoP',
    'Bearer abc def',
    'Bearer abc ',
    'Basic dXNlcjpwYXNz',
    'Bearer ab"c',
    'Bearer a=b',
    'Bearerabc',
    'DPoPabc',
    'Bearer\tabc',
  ])('rejects the malformed header %j', (header) => {
    expect(() => extractCredentials(header)).toThrow(
      new PorticoError('unauthorized', 'Malformed Authorization header'),
    )
    try {
      extractCredentials(header)
    } catch (err) {
      expect((err as PorticoError).kind).toBe('unauthorized')
    }
  })
})
