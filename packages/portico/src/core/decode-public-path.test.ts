import { describe, expect, it } from 'vitest'
import { decodePublicPath } from './decode-public-path.js'
import { isPorticoError } from './portico-error.js'

function kindOf(pathname: string): string {
  try {
    decodePublicPath(pathname)
  } catch (error) {
    if (isPorticoError(error)) return error.kind
    throw error
  }
  return 'ok'
}

describe('decodePublicPath', () => {
  it('decodes each segment once and reports the trailing slash', () => {
    expect(decodePublicPath('/docs/a%20b.html')).toEqual({
      segments: ['docs', 'a b.html'],
      trailingSlash: false,
    })
    expect(decodePublicPath('/docs/')).toEqual({ segments: ['docs'], trailingSlash: true })
    expect(decodePublicPath('/')).toEqual({ segments: [], trailingSlash: true })
  })

  it('keeps a double-encoded dot-dot as the literal name %2e%2e', () => {
    expect(decodePublicPath('/%252e%252e/secret.txt').segments).toEqual(['%2e%2e', 'secret.txt'])
  })

  it.each([
    '/../secret.txt',
    '/a/../../secret.txt',
    '/./index.html',
    '/%2e%2e/secret.txt',
    '/%2E%2e/secret.txt',
    '/.%2e/secret.txt',
    '/sub/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/a%2Fb',
    '//etc/passwd',
    '/a//b',
    '/C:/x',
    '/c%3A/x',
    '/index.html::$DATA',
    '/.env',
    '/.git/config',
    '/docs/.hidden/',
    'relative/path',
  ])('rejects %s as not_found', (pathname) => {
    expect(kindOf(pathname)).toBe('not_found')
  })

  it.each(['/%E0%A4%A', '/%', '/%zz', '/%00', '/a%00.html'])('rejects %s as bad_request', (p) => {
    expect(kindOf(p)).toBe('bad_request')
  })

  it('names the path, not the decoded bytes, in the message', () => {
    expect(() => decodePublicPath('/%E0%A4%A')).toThrow('Malformed percent-encoding in /%E0%A4%A')
  })
})
