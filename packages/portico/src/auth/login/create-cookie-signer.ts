import { createHmac, timingSafeEqual } from 'node:crypto'

/** Signs values into cookie-safe strings and checks them back. */
export interface CookieSigner {
  /** `<base64url JSON>.<base64url HMAC-SHA256>`, holding `value` until `expiresAt` (epoch seconds). */
  sign(value: unknown, expiresAt: number): string
  /**
   * The value signed into `signed`, or `undefined` when the signature does not match (in
   * constant time), the text is malformed, or `now` (epoch seconds) is past its expiry.
   */
  verify(signed: string, now: number): unknown
}

/**
 * HMAC-SHA256 signing with `secret`: what a signed cookie says is what this server wrote, and
 * nobody can extend its life, since the expiry is signed with it. The value is readable, not
 * secret: never sign into it what the browser must not see.
 *
 * @example
 * import { createCookieSigner } from './create-cookie-signer.js'
 * const signer = createCookieSigner(secret)
 * const cookie = signer.sign({ state }, Math.floor(Date.now() / 1000) + 600)
 */
export function createCookieSigner(secret: string): CookieSigner {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest()
  return {
    sign(value, expiresAt) {
      const body = Buffer.from(JSON.stringify({ value, expiresAt })).toString('base64url')
      return `${body}.${mac(body).toString('base64url')}`
    },
    verify(signed, now) {
      const dot = signed.lastIndexOf('.')
      if (dot <= 0) return undefined
      const body = signed.slice(0, dot)
      const given = Buffer.from(signed.slice(dot + 1), 'base64url')
      const expected = mac(body)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      try {
        const envelope = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
          value?: unknown
          expiresAt?: unknown
        }
        if (typeof envelope.expiresAt !== 'number' || now >= envelope.expiresAt) return undefined
        return envelope.value
      } catch {
        return undefined
      }
    },
  }
}
