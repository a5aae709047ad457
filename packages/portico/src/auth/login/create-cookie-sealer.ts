import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/** Seals values into cookie-safe strings that only this server can read, and opens them. */
export interface CookieSealer {
  /**
   * `base64url(iv ‖ AES-256-GCM ciphertext ‖ tag)`, holding `value` until `expiresAt` (epoch
   * seconds). The same value sealed twice gives two different strings (a fresh IV each time).
   */
  seal(value: unknown, expiresAt: number): string
  /**
   * The value sealed into `sealed`, or `undefined` when it was not sealed with this secret,
   * was changed in any way, is malformed, or `now` (epoch seconds) is past its expiry.
   */
  open(sealed: string, now: number): unknown
}

/** GCM's recommended IV length (NIST SP 800-38D §5.2.1.1): 96 bits. */
const IV_BYTES = 12
const TAG_BYTES = 16
/** Names the key's one use, so the same secret could key something else without overlap. */
const KEY_INFO = 'portico cookie sealer v1: AES-256-GCM'

/**
 * Authenticated encryption with AES-256-GCM under a key derived from `secret` by HKDF-SHA256
 * (RFC 5869): the browser holds the cookie but cannot read it (it carries the PKCE verifier),
 * and cannot change it or extend its life, since the expiry is sealed with the value.
 *
 * @example
 * import { createCookieSealer } from './create-cookie-sealer.js'
 * const sealer = createCookieSealer(secret)
 * const cookie = sealer.seal({ state }, Math.floor(Date.now() / 1000) + 600)
 */
export function createCookieSealer(secret: string): CookieSealer {
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_INFO, 32))
  return {
    seal(value, expiresAt) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES })
      const plain = Buffer.from(JSON.stringify({ value, expiresAt }))
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
      return sealed.toString('base64url')
    },
    open(sealed, now) {
      const bytes = Buffer.from(sealed, 'base64url')
      // base64url decoding skips what is not of its alphabet; a string that does not
      // re-encode to itself was not written here.
      if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== sealed) {
        return undefined
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
          authTagLength: TAG_BYTES,
        })
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ])
        const envelope = JSON.parse(plain.toString('utf8')) as {
          value?: unknown
          expiresAt?: unknown
        }
        if (typeof envelope.expiresAt !== 'number' || now >= envelope.expiresAt) return undefined
        return envelope.value
      } catch {
        // `final` throws when the tag does not match: changed, or sealed under another key.
        return undefined
      }
    },
  }
}
