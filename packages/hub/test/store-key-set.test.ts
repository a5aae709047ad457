import { createLocalJWKSet, importJWK, jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import type { HubSigningKey } from '../src/store/hub-store.js'
import { generateKeySet, publicJwks, rotateKeySet, signingJwks } from '../src/store/key-set.js'

async function signWith(key: HubSigningKey): Promise<string> {
  return new SignJWT({ sub: 'ada' })
    .setProtectedHeader({ alg: key.alg, kid: key.kid })
    .setIssuer('https://hub.test')
    .setExpirationTime('5m')
    .sign(await importJWK(key.jwk, key.alg))
}

describe('key set', () => {
  it('generates version 1 with one private RS256 key and two distinct cookie secrets', async () => {
    const set = await generateKeySet()
    expect(set.version).toBe(1)
    expect(set.signing).toHaveLength(1)
    const [key] = set.signing
    expect(key).toMatchObject({ alg: 'RS256', jwk: { kty: 'RSA', e: 'AQAB' } })
    expect(key?.kid).toMatch(/^[0-9a-f-]{36}$/)
    expect(key?.jwk.d).toEqual(expect.any(String))
    expect(key?.retireAfter).toBeUndefined()
    expect(set.cookieSecrets).toHaveLength(2)
    for (const secret of set.cookieSecrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(set.cookieSecrets[0]).not.toBe(set.cookieSecrets[1])
  })

  it('rotates to a new first key and keeps the old one published until retainSeconds pass', async () => {
    const set = await generateKeySet()
    const rotated = await rotateKeySet(set, { retainSeconds: 3_600, now: 1_000 })
    expect(rotated.version).toBe(2)
    expect(rotated.signing).toHaveLength(2)
    expect(rotated.signing[0]?.kid).not.toBe(set.signing[0]?.kid)
    expect(rotated.signing[0]?.retireAfter).toBeUndefined()
    expect(rotated.signing[1]).toEqual({ ...set.signing[0], retireAfter: 4_600 })
    expect(rotated.cookieSecrets).toHaveLength(3)
    expect(rotated.cookieSecrets.slice(1)).toEqual(set.cookieSecrets)
  })

  it('drops retired keys whose time has passed and keeps at most three cookie secrets', async () => {
    const first = await generateKeySet()
    const second = await rotateKeySet(first, { retainSeconds: 100, now: 1_000 })
    const third = await rotateKeySet(second, { retainSeconds: 100, now: 1_050 })
    expect(third.signing.map((key) => key.kid)).toEqual([
      third.signing[0]?.kid,
      second.signing[0]?.kid,
      first.signing[0]?.kid,
    ])
    const fourth = await rotateKeySet(third, { retainSeconds: 100, now: 1_100 })
    expect(fourth.version).toBe(4)
    expect(fourth.signing.map((key) => [key.kid, key.retireAfter])).toEqual([
      [fourth.signing[0]?.kid, undefined],
      [third.signing[0]?.kid, 1_200],
      [second.signing[0]?.kid, 1_150],
    ])
    expect(fourth.cookieSecrets).toHaveLength(3)
    expect(fourth.cookieSecrets.slice(1)).toEqual(third.cookieSecrets.slice(0, 2))
  })

  it('publishes every key without private members', async () => {
    const rotated = await rotateKeySet(await generateKeySet(), { retainSeconds: 60 })
    const { keys } = publicJwks(rotated)
    expect(keys.map((key) => key.kid)).toEqual(rotated.signing.map((key) => key.kid))
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use'])
      expect(key).toMatchObject({ alg: 'RS256', use: 'sig' })
    }
    expect(signingJwks(rotated).keys[0]).toMatchObject({
      kid: rotated.signing[0]?.kid,
      d: rotated.signing[0]?.jwk.d,
    })
  })

  it('still verifies a token signed with the previous key against the rotated JWKS', async () => {
    const set = await generateKeySet()
    const [oldKey] = set.signing
    if (!oldKey) throw new Error('no key generated')
    const token = await signWith(oldKey)
    const rotated = await rotateKeySet(set, { retainSeconds: 600 })
    const jwks = createLocalJWKSet(publicJwks(rotated))
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: 'https://hub.test',
    })
    expect(payload.sub).toBe('ada')
    expect(protectedHeader.kid).toBe(oldKey.kid)
  })
})
