import { describe, expect, it } from 'vitest'
import { PorticoError } from '../core/portico-error.js'
import { extractBearerToken } from './extract-bearer-token.js'

describe('extractBearerToken', () => {
  it('returns undefined without a header', () => {
    expect(extractBearerToken(null)).toBeUndefined()
  })

  it.each(['Bearer', 'bearer', 'BEARER'])('reads the token after the scheme %s', (scheme) => {
    expect(extractBearerToken(`${scheme} eyJ.a-b_c.d~+/==`)).toBe('eyJ.a-b_c.d~+/==')
  })

  it('allows more than one space after the scheme (RFC 6750: 1*SP)', () => {
    expect(extractBearerToken('Bearer  abc')).toBe('abc')
  })

  it.each(['Bearer a, Bearer b', 'Bearer a,Basic b', 'Bearer a,'])(
    'refuses several credentials, as repeated headers arrive joined: %j',
    (header) => {
      expect(() => extractBearerToken(header)).toThrow(
        expect.objectContaining({ kind: 'bad_request' }),
      )
    },
  )

  it.each([
    '',
    'Bearer',
    'Bearer ',
    'Bearer abc def',
    'Bearer abc ',
    'Basic dXNlcjpwYXNz',
    'Bearer ab"c',
    'Bearer a=b',
    'Bearerabc',
    'Bearer\tabc',
  ])('rejects the malformed header %j', (header) => {
    expect(() => extractBearerToken(header)).toThrow(
      new PorticoError('unauthorized', 'Malformed Authorization header'),
    )
    try {
      extractBearerToken(header)
    } catch (err) {
      expect((err as PorticoError).kind).toBe('unauthorized')
    }
  })
})
