import { describe, expect, it } from 'vitest'
import { createCookieSealer } from './create-cookie-sealer.js'

const sealer = createCookieSealer('a-secret-of-at-least-32-characters!!')

/** Whether `text`, or what base64url-decoding it gives, holds `needle`. */
function reveals(text: string, needle: string): boolean {
  return text.includes(needle) || Buffer.from(text, 'base64url').toString('latin1').includes(needle)
}

describe('createCookieSealer', () => {
  it('gives back what it sealed until it expires', () => {
    const sealed = sealer.seal({ state: 's' }, 1000)
    expect(sealed).toMatch(/^[\w-]+$/)
    expect(sealer.open(sealed, 999)).toEqual({ state: 's' })
    expect(sealer.open(sealed, 1000)).toBeUndefined()
  })

  it('hides the value: neither its text nor its JSON is in the cookie', () => {
    const sealed = sealer.seal({ codeVerifier: 'the-pkce-verifier' }, 1000)
    expect(reveals(sealed, 'the-pkce-verifier')).toBe(false)
    expect(reveals(sealed, 'codeVerifier')).toBe(false)
    expect(reveals(sealed, 'expiresAt')).toBe(false)
    expect(() => JSON.parse(Buffer.from(sealed, 'base64url').toString())).toThrow()
  })

  it('seals the same value differently each time', () => {
    expect(sealer.seal({ state: 's' }, 1000)).not.toBe(sealer.seal({ state: 's' }, 1000))
  })

  it('refuses a changed byte, a cut cookie, another secret and garbage', () => {
    const sealed = sealer.seal({ state: 's' }, 1000)
    const bytes = Buffer.from(sealed, 'base64url')
    for (const at of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes)
      changed[at] = (changed[at] ?? 0) ^ 1
      expect(sealer.open(changed.toString('base64url'), 0)).toBeUndefined()
    }
    expect(sealer.open(bytes.subarray(0, -1).toString('base64url'), 0)).toBeUndefined()
    expect(sealer.open(`${sealed}.`, 0)).toBeUndefined()
    expect(sealer.open('', 0)).toBeUndefined()
    expect(
      createCookieSealer('another-secret-of-32-characters!!!!').open(sealed, 0),
    ).toBeUndefined()
    expect(sealer.open('not a cookie', 0)).toBeUndefined()
  })

  it('refuses a cookie of the HMAC-signed format it replaces', () => {
    const body = Buffer.from(JSON.stringify({ value: { state: 's' }, expiresAt: 9999 }))
    expect(sealer.open(`${body.toString('base64url')}.${'A'.repeat(43)}`, 0)).toBeUndefined()
  })
})
