import type { JWTPayload } from 'jose'
import { tailKeyOf } from './tail-key.js'

/** Options of {@link createVerifiedTokenCache}. */
export interface VerifiedTokenCacheOptions {
  /** Longest a verified token is remembered, in milliseconds. */
  maxAgeMs: number
  /** Most token characters held at once; the oldest entries go first beyond it. */
  maxCharacters: number
  /** The clock, in milliseconds; default `Date.now`. */
  now?: () => number
}

/** Tokens whose signature, issuer, type and subject were verified, with their claims. */
export interface VerifiedTokenCache {
  /** The claims of `token` when it was verified less than `maxAgeMs` ago, else undefined. */
  get(token: string): JWTPayload | undefined
  set(token: string, claims: JWTPayload): void
}

interface Entry {
  token: string
  claims: JWTPayload
  rememberedUntil: number
}

/**
 * Remembers verified tokens by their exact text, so a client that sends the same token on every
 * call costs one signature check per `maxAgeMs`, not one per call. Only what cannot change is
 * skipped on a hit (signature, issuer, `typ`, subject); the caller checks expiry, audience and
 * scopes every time. Bounded by characters held, oldest out first. The price: a key the issuer
 * withdraws keeps passing its remembered tokens up to `maxAgeMs` longer than the key store,
 * which holds a key set for 10 minutes, keeps passing new ones.
 */
export function createVerifiedTokenCache(options: VerifiedTokenCacheOptions): VerifiedTokenCache {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  let characters = 0

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (entry === undefined) return
    entries.delete(key)
    characters -= entry.token.length
  }

  return {
    get(token) {
      const key = tailKeyOf(token)
      const entry = entries.get(key)
      if (entry === undefined || entry.token !== token) return undefined
      if (entry.rememberedUntil > now()) return entry.claims
      remove(key)
      return undefined
    },
    set(token, claims) {
      if (token.length > options.maxCharacters) return
      const key = tailKeyOf(token)
      remove(key)
      while (characters + token.length > options.maxCharacters) {
        remove(entries.keys().next().value as string)
      }
      entries.set(key, { token, claims, rememberedUntil: now() + options.maxAgeMs })
      characters += token.length
    },
  }
}
