import { decodeProtectedHeader, errors } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startTestIssuer, type TestIssuer } from '../../test/support/test-issuer.js'
import { createKeyStore, type KeyStore } from './create-key-store.js'
import { KeysUnavailableError } from './keys-unavailable-error.js'

const COOLDOWN_MS = 30_000
const NOT_FETCHED_YET = 'The token is signed with a key not fetched yet from the issuer'

let idp: TestIssuer
beforeEach(async () => {
  idp = await startTestIssuer()
})
afterEach(async () => {
  vi.useRealTimers()
  await idp.close()
})

const storeFor = (cooldownMs = COOLDOWN_MS): KeyStore =>
  createKeyStore({
    resolveJwksUri: () => Promise.resolve(idp.jwksUri),
    fetch,
    cooldownMs,
    maxAgeMs: 600_000,
    maxStaleMs: 86_400_000,
    timeoutMs: 5000,
  })

/** Asks the store for the RS256 key named `kid`, as `jwtVerify` would. */
const keyOf = async (store: KeyStore, kid: string): Promise<unknown> =>
  store.getKey({ alg: 'RS256', kid }, { payload: '', signature: '' })

/** The `kid` the issuer signs RS256 tokens with now. */
async function currentKid(): Promise<string> {
  return decodeProtectedHeader(await idp.mint()).kid as string
}

/** How the store refused: the unknown-key error (401) or a 503 and when to retry. */
async function refusal(promise: Promise<unknown>): Promise<string | [string, number]> {
  const err = await promise.then(
    () => expect.unreachable('expected a refusal'),
    (e: unknown) => e,
  )
  if (err instanceof errors.JWKSNoMatchingKey) return 'unknown key'
  if (err instanceof KeysUnavailableError) return [err.message, err.retryAfterSeconds]
  throw err
}

describe('createKeyStore with a clock the test moves', () => {
  let now: number
  beforeEach(() => {
    now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
  })
  const advance = (ms: number) => {
    now += ms
    vi.setSystemTime(now)
  }

  it('answers a kid first met within the cool-down 503 until it ends, then fetches it', async () => {
    const store = storeFor()
    await keyOf(store, await currentKid())
    advance(10_000)
    await idp.rotateKeys()
    const rotated = await currentKid()
    expect(await refusal(keyOf(store, rotated))).toEqual([NOT_FETCHED_YET, 20])
    advance(19_000)
    expect(await refusal(keyOf(store, rotated))).toEqual([NOT_FETCHED_YET, 1])
    expect(idp.jwksRequests).toBe(1)
    advance(1000)
    await expect(keyOf(store, rotated)).resolves.toBeDefined()
    expect(idp.jwksRequests).toBe(2)
  })

  it('refuses a kid as unknown once a fetch begun after it was met lacks it', async () => {
    const store = storeFor()
    await keyOf(store, await currentKid())
    expect(await refusal(keyOf(store, 'nobody'))).toEqual([NOT_FETCHED_YET, 30])
    advance(COOLDOWN_MS)
    expect(await refusal(keyOf(store, 'nobody'))).toBe('unknown key')
    expect(idp.jwksRequests).toBe(2)
    advance(10_000)
    expect(await refusal(keyOf(store, 'nobody'))).toBe('unknown key')
    // Another kid, never looked for, may still be a new key.
    expect(await refusal(keyOf(store, 'somebody'))).toEqual([NOT_FETCHED_YET, 20])
    expect(idp.jwksRequests).toBe(2)
  })

  it('refuses a kid as unknown at once when the fetch it started lacks it', async () => {
    const store = storeFor()
    expect(await refusal(keyOf(store, 'nobody'))).toBe('unknown key')
    expect(await refusal(keyOf(store, 'nobody'))).toBe('unknown key')
    expect(idp.jwksRequests).toBe(1)
  })

  it('refuses a retired kid as unknown at once once a fetch drops it', async () => {
    const store = storeFor()
    const retired = await currentKid()
    await keyOf(store, retired)
    await idp.rotateKeys()
    advance(COOLDOWN_MS)
    await keyOf(store, await currentKid())
    expect(await refusal(keyOf(store, retired))).toBe('unknown key')
    expect(idp.jwksRequests).toBe(2)
  })

  it('fetches once per cool-down and serves known kids while random kids are sprayed', async () => {
    const store = storeFor()
    const known = await currentKid()
    await keyOf(store, known)
    const spray = () =>
      Promise.all(Array.from({ length: 100 }, () => refusal(keyOf(store, crypto.randomUUID()))))
    for (const answer of await spray()) expect(answer).toEqual([NOT_FETCHED_YET, 30])
    await expect(keyOf(store, known)).resolves.toBeDefined()
    expect(idp.jwksRequests).toBe(1)
    advance(COOLDOWN_MS)
    // The first of them fetches, the others share it: all were met by the time it began.
    for (const answer of await spray()) expect(answer).toBe('unknown key')
    await expect(keyOf(store, known)).resolves.toBeDefined()
    expect(idp.jwksRequests).toBe(2)
  })
})

describe('createKeyStore on the real clock', () => {
  it('waits for a cool-down ending within a second, then fetches, instead of answering 503', async () => {
    const store = storeFor(1000)
    await keyOf(store, await currentKid())
    // Met right after the fetch: held until the cool-down ends, then looked for and refused.
    expect(await refusal(keyOf(store, 'nobody'))).toBe('unknown key')
    expect(idp.jwksRequests).toBe(2)
    await idp.rotateKeys()
    await expect(keyOf(store, await currentKid())).resolves.toBeDefined()
    expect(idp.jwksRequests).toBe(3)
  })
})
