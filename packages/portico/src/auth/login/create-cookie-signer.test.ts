import { describe, expect, it } from 'vitest'
import { createCookieSigner } from './create-cookie-signer.js'

const signer = createCookieSigner('a-secret-of-at-least-32-characters!!')

describe('createCookieSigner', () => {
  it('gives back what it signed until it expires', () => {
    const signed = signer.sign({ state: 's' }, 1000)
    expect(signed).toMatch(/^[\w-]+\.[\w-]{43}$/)
    expect(signer.verify(signed, 999)).toEqual({ state: 's' })
    expect(signer.verify(signed, 1000)).toBeUndefined()
  })

  it('refuses a changed value, a changed signature, another secret and garbage', () => {
    const signed = signer.sign({ state: 's' }, 1000)
    const [body = '', mac = ''] = signed.split('.')
    const longer = Buffer.from(JSON.stringify({ value: { state: 's' }, expiresAt: 9999 }))
    expect(signer.verify(`${longer.toString('base64url')}.${mac}`, 0)).toBeUndefined()
    expect(signer.verify(`${body}.${mac.slice(0, -2)}AA`, 0)).toBeUndefined()
    expect(signer.verify(`${body}.`, 0)).toBeUndefined()
    expect(
      createCookieSigner('another-secret-of-32-characters!!!!').verify(signed, 0),
    ).toBeUndefined()
    expect(signer.verify('not a cookie', 0)).toBeUndefined()
  })
})
