import { describe, expect, it } from 'vitest'
import { isInsideRoot, isMissingError } from './resolve-safe-path.js'

describe('isInsideRoot', () => {
  it.each([
    ['/srv/public', true],
    ['/srv/public/a/b.css', true],
    ['/srv/public/..foo', false],
    ['/srv/public/.env', false],
    ['/srv/public/a/.git/config', false],
    ['/srv/public-other/x', false],
    ['/srv/secret.txt', false],
    ['/etc/passwd', false],
  ])('judges %s as %s below /srv/public', (real, inside) => {
    expect(isInsideRoot('/srv/public', real)).toBe(inside)
  })
})

describe('isMissingError', () => {
  it('reads ENOENT and EACCES as missing, other codes and values not', () => {
    const error = (code: string) => Object.assign(new Error(code), { code })
    expect(isMissingError(error('ENOENT'))).toBe(true)
    expect(isMissingError(error('EACCES'))).toBe(true)
    expect(isMissingError(error('EMFILE'))).toBe(false)
    expect(isMissingError('ENOENT')).toBe(false)
  })
})
