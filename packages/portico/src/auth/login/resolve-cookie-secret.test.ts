import { describe, expect, it } from 'vitest'
import { resolveCookieSecret } from './resolve-cookie-secret.js'

const secret = 'x'.repeat(32)

describe('resolveCookieSecret', () => {
  it('reads PORTICO_COOKIE_SECRET', () => {
    expect(resolveCookieSecret({ PORTICO_COOKIE_SECRET: secret }, { dev: false })).toBe(secret)
  })

  it('makes a random secret in dev when the variable is unset or empty', () => {
    const first = resolveCookieSecret({}, { dev: true })
    expect(first).toMatch(/^[\w-]{43}$/)
    expect(resolveCookieSecret({ PORTICO_COOKIE_SECRET: ' ' }, { dev: true })).not.toBe(first)
  })

  it('requires the variable outside dev, naming it', () => {
    expect(() => resolveCookieSecret({}, { dev: false })).toThrow(
      /^environment \(key "PORTICO_COOKIE_SECRET"\): PORTICO_COOKIE_SECRET is required/,
    )
  })

  it('refuses a short secret in every mode', () => {
    for (const dev of [true, false]) {
      expect(() => resolveCookieSecret({ PORTICO_COOKIE_SECRET: 'short' }, { dev })).toThrow(
        'PORTICO_COOKIE_SECRET must be at least 32 characters long (got 5)',
      )
    }
  })
})
