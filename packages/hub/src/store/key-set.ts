import { randomBytes, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import type { HubKeySet, HubSigningKey } from './hub-store.js'

/** How many cookie secrets a rotation keeps: the new one and the two before it. */
const keptCookieSecrets = 3

/** JWK members that are secret (RSA and EC private parts); never published. */
const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'])

/** A fresh key set: version 1, one RS256 signing key, two cookie secrets. */
export async function generateKeySet(): Promise<HubKeySet> {
  return {
    version: 1,
    signing: [await generateSigningKey()],
    cookieSecrets: [generateCookieSecret(), generateCookieSecret()],
  }
}

/** Options of `rotateKeySet`. */
export interface RotateKeySetOptions {
  /**
   * How long (seconds) the key being replaced stays published: at least the lifetime of the
   * longest-lived token it signed, so those still verify.
   */
  retainSeconds: number
  /** The current time in epoch seconds; defaults to the clock. */
  now?: number
}

/**
 * The next key set: a new RS256 key signs from now on; the previous signing key stays published
 * until `now + retainSeconds`; retired keys whose time has passed are dropped; a new cookie secret
 * comes first (at most three are kept); the version increases by one.
 */
export async function rotateKeySet(
  current: HubKeySet,
  options: RotateKeySetOptions,
): Promise<HubKeySet> {
  const now = options.now ?? Math.floor(Date.now() / 1000)
  const [previous, ...retired] = current.signing
  const kept = retired.filter((key) => key.retireAfter === undefined || key.retireAfter > now)
  const signing = [await generateSigningKey()]
  if (previous) signing.push({ ...previous, retireAfter: now + options.retainSeconds })
  return {
    version: current.version + 1,
    signing: [...signing, ...kept],
    cookieSecrets: [generateCookieSecret(), ...current.cookieSecrets].slice(0, keptCookieSecrets),
  }
}

/** A JWK as the hub hands it out: the key's members plus `kid`, `alg` and `use`. */
export type HubJwk = Record<string, string>

/** The JWKS to publish: every signing key of the set, newest first, without private members. */
export function publicJwks(set: HubKeySet): { keys: HubJwk[] } {
  return {
    keys: set.signing.map((key) => {
      const jwk = Object.fromEntries(
        Object.entries(key.jwk).filter(([name]) => !privateMembers.has(name)),
      )
      return { ...jwk, kid: key.kid, alg: key.alg, use: 'sig' }
    }),
  }
}

/**
 * The private JWKs for oidc-provider's `jwks` option, newest first (oidc-provider signs with the
 * first key of an algorithm and publishes the public parts of all).
 */
export function signingJwks(set: HubKeySet): { keys: HubJwk[] } {
  return {
    keys: set.signing.map((key) => ({ ...key.jwk, kid: key.kid, alg: key.alg, use: 'sig' })),
  }
}

async function generateSigningKey(): Promise<HubSigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk: Record<string, string> = {}
  for (const [name, value] of Object.entries(await exportJWK(privateKey))) {
    if (typeof value === 'string') jwk[name] = value
  }
  return { kid: randomUUID(), alg: 'RS256', jwk }
}

function generateCookieSecret(): string {
  return randomBytes(32).toString('base64url')
}
