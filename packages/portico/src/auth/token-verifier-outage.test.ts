import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { freePort } from '../../test/support/cli-process.js'
import {
  startTestIssuer,
  TEST_AUDIENCE,
  type TestIssuer,
  testAuthSettings,
} from '../../test/support/test-issuer.js'
import { logger } from '../core/logger.js'
import type { AuthSettings } from './auth-settings.js'
import { createTokenVerifier, type TokenVerifierOptions } from './create-token-verifier.js'

const COOLDOWN_MS = 30_000
const MAX_AGE_MS = 600_000

function settingsFor(issuer: TestIssuer, overrides: Partial<AuthSettings> = {}): AuthSettings {
  return testAuthSettings(issuer, { jwksUri: issuer.jwksUri, ...overrides })
}

interface Refusal {
  kind: string
  message: string
  retryAfterSeconds?: number | undefined
}

async function rejection(promise: Promise<unknown>): Promise<Refusal> {
  const err = await promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e as Refusal,
  )
  return { kind: err.kind, message: err.message, retryAfterSeconds: err.retryAfterSeconds }
}

let idp: TestIssuer
let now: number
beforeEach(async () => {
  idp = await startTestIssuer()
  now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'], now })
})
afterEach(async () => {
  vi.useRealTimers()
  await idp.close()
})

/** Moves the verifier's clock (and the issuer's, which mints in this process) forward. */
function advance(ms: number): void {
  now += ms
  vi.setSystemTime(now)
}

/** A verifier that checks every token against the key store: that is what these tests watch. */
const verifier = (options: TokenVerifierOptions = {}, overrides: Partial<AuthSettings> = {}) =>
  createTokenVerifier(settingsFor(idp, overrides), { verifiedTokenMaxAgeMs: 0, ...options })

describe('JWKS refetches while the provider fails', () => {
  it('fetches once per cool-down for unknown kids, concurrent or not, whatever the outcome', async () => {
    const v = verifier()
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    idp.failJwks('503')
    advance(COOLDOWN_MS + 1000)
    const before = idp.jwksRequests
    const unknown = await idp.mint({ scope: 'notes' }, { kid: 'rotated-away' })
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => rejection(v.verify(unknown, TEST_AUDIENCE))),
    )
    for (let i = 0; i < 20; i++) concurrent.push(await rejection(v.verify(unknown, TEST_AUDIENCE)))
    expect(idp.jwksRequests).toBe(before + 1)
    for (const refusal of concurrent) expect(refusal.kind).toBe('unavailable')
  })

  it('fetches once per cool-down when the first fetch fails, then again after it', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    idp.failJwks('503')
    const v = verifier()
    const token = await idp.mint({ scope: 'notes' })
    for (let i = 0; i < 10; i++) {
      expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual({
        kind: 'unavailable',
        message: "The issuer's signing keys are unavailable (HTTP 503)",
        retryAfterSeconds: 30,
      })
    }
    expect(idp.jwksRequests).toBe(1)
    // One warning per failed fetch, not per request, and never the token.
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toBe("The issuer's signing keys are unavailable (HTTP 503)")
    expect(JSON.stringify(warn.mock.calls)).not.toContain(token.split('.')[1])
    warn.mockRestore()
    advance(10_000)
    expect((await rejection(v.verify(token, TEST_AUDIENCE))).retryAfterSeconds).toBe(20)
    idp.failJwks(undefined)
    advance(COOLDOWN_MS)
    await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
    expect(idp.jwksRequests).toBe(2)
  })

  it('coalesces concurrent refetches for a rotated key', async () => {
    const v = verifier()
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    await idp.rotateKeys()
    advance(COOLDOWN_MS + 1000)
    const token = await idp.mint({ scope: 'notes' })
    const before = idp.jwksRequests
    const results = await Promise.all(
      Array.from({ length: 20 }, () => v.verify(token, TEST_AUDIENCE)),
    )
    expect(results).toHaveLength(20)
    expect(idp.jwksRequests).toBe(before + 1)
  })
})

describe('stale keys during an outage', () => {
  it('keeps verifying with the last good keys, refetching once per cool-down', async () => {
    const v = verifier()
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    idp.failJwks('503')
    advance(MAX_AGE_MS + 60_000)
    const token = await idp.mint({ scope: 'notes' })
    for (let i = 0; i < 10; i++) {
      await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
    }
    await vi.waitFor(() => expect(idp.jwksRequests).toBe(2))
    advance(COOLDOWN_MS + 1000)
    await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
    await vi.waitFor(() => expect(idp.jwksRequests).toBe(3))
  })

  it('does not wait for a hanging provider while the keys are stale', async () => {
    const v = verifier({ jwksTimeoutMs: 10_000 })
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    idp.failJwks('hang')
    advance(MAX_AGE_MS + 60_000)
    const token = await idp.mint({ scope: 'notes' })
    const started = performance.now()
    await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('stops serving stale keys after the limit', async () => {
    const v = verifier({ jwksMaxStaleMs: 3_600_000 })
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    idp.failJwks('503')
    advance(3_600_000 + 1000)
    const token = await idp.mint({ scope: 'notes' })
    expect(await rejection(v.verify(token, TEST_AUDIENCE))).toMatchObject({
      kind: 'unavailable',
      message: "The issuer's signing keys are unavailable (HTTP 503)",
    })
  })

  it('replaces the keys in the background once the provider answers', async () => {
    const v = verifier()
    const old = await idp.mint({ scope: 'notes' }, { expiresIn: '1h' })
    await v.verify(old, TEST_AUDIENCE)
    await idp.rotateKeys()
    advance(MAX_AGE_MS + 60_000)
    // The stale set still has the old key: served at once, while the refresh drops it.
    await expect(v.verify(old, TEST_AUDIENCE)).resolves.toMatchObject({ token: old })
    await vi.waitFor(async () =>
      expect(await rejection(v.verify(old, TEST_AUDIENCE))).toMatchObject({
        kind: 'unauthorized',
        message: 'The token is signed with an unknown key',
      }),
    )
    const fresh = await idp.mint({ scope: 'notes' })
    await expect(v.verify(fresh, TEST_AUDIENCE)).resolves.toMatchObject({ token: fresh })
    expect(idp.jwksRequests).toBe(2)
  })

  it('still refuses a forged token while serving stale keys', async () => {
    const v = verifier()
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    idp.failJwks('503')
    advance(MAX_AGE_MS + 60_000)
    const forged = [
      await idp.mint({ scope: 'notes' }, { key: 'other' }),
      idp.mintUnsigned({ scope: 'notes' }),
      await idp.mintHmacWithPublicKey({ scope: 'notes' }),
    ]
    for (const token of forged) {
      expect((await rejection(v.verify(token, TEST_AUDIENCE))).kind).toBe('unauthorized')
    }
  })
})

describe('keys that cannot be had', () => {
  it('answers unavailable, not unauthorized, for an unreachable JWKS', async () => {
    const v = verifier({}, { jwksUri: `http://127.0.0.1:${await freePort()}/jwks` })
    const token = await idp.mint({ scope: 'notes' })
    expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual({
      kind: 'unavailable',
      message: "The issuer's signing keys are unavailable (request failed)",
      retryAfterSeconds: 30,
    })
  })

  it('answers unavailable for a JWKS that does not answer in time', async () => {
    idp.failJwks('hang')
    const v = verifier({ jwksTimeoutMs: 200 })
    const token = await idp.mint({ scope: 'notes' })
    expect(await rejection(v.verify(token, TEST_AUDIENCE))).toMatchObject({
      kind: 'unavailable',
      message: "The issuer's signing keys are unavailable (request failed)",
    })
  })

  it('answers unavailable for an unreachable issuer to discover', async () => {
    const port = await freePort()
    const settings = testAuthSettings(idp, { issuer: `http://127.0.0.1:${port}` })
    const v = createTokenVerifier(settings, { verifiedTokenMaxAgeMs: 0 })
    const token = await idp.mint({ scope: 'notes' }, { issuer: `http://127.0.0.1:${port}` })
    expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual({
      kind: 'unavailable',
      message: "The issuer's discovery document is unavailable (request failed)",
      retryAfterSeconds: 30,
    })
  })
})
