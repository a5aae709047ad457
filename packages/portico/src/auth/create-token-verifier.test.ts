import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  startTestIssuer,
  TEST_AUDIENCE,
  type TestIssuer,
  testAuthSettings,
} from '../../test/support/test-issuer.js'
import type { AuthSettings } from './auth-settings.js'
import { createTokenVerifier, type TokenVerifierOptions } from './create-token-verifier.js'

const settingsFor = testAuthSettings

async function rejection(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  const err = await promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e as { kind: string; message: string },
  )
  return { kind: err.kind, message: err.message }
}

const unauthorized = (message: string) => ({ kind: 'unauthorized', message })

describe('createTokenVerifier', () => {
  let idp: TestIssuer
  beforeAll(async () => {
    idp = await startTestIssuer()
  })
  afterAll(() => idp.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  const verifier = (overrides: Partial<AuthSettings> = {}, options?: TokenVerifierOptions) =>
    createTokenVerifier(settingsFor(idp, overrides), options)

  it.each([
    ['RS256', 'at+jwt'],
    ['RS256', 'application/at+jwt'],
    ['RS256', 'JWT'],
    ['RS256', null],
    ['ES256', 'at+jwt'],
    ['ES256', 'JWT'],
    ['ES256', null],
  ] as const)('accepts a valid %s token with typ %s', async (alg, typ) => {
    const token = await idp.mint({ scope: 'notes other', email: 'a@b.c' }, { alg, typ })
    const verified = await verifier().verify(token, TEST_AUDIENCE)
    expect(verified.claims.sub).toBe('test-user')
    expect(verified.claims.email).toBe('a@b.c')
    expect(verified.scopes).toEqual(['notes', 'other'])
    expect(verified.token).toBe(token)
  })

  it('accepts the audience with its trailing slash toggled', async () => {
    const token = await idp.mint({ scope: 'notes' }, { audience: `${TEST_AUDIENCE}/` })
    await expect(verifier().verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
  })

  it('accepts scopes from an scp array', async () => {
    const token = await idp.mint({ scp: ['notes', 'x'] })
    expect((await verifier().verify(token, TEST_AUDIENCE)).scopes).toEqual(['notes', 'x'])
  })

  it('rejects an alg none token', async () => {
    const token = idp.mintUnsigned({ scope: 'notes' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token algorithm is not allowed'),
    )
  })

  it('rejects an HS256 token keyed with the RSA public key', async () => {
    const token = await idp.mintHmacWithPublicKey({ scope: 'notes' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token algorithm is not allowed'),
    )
  })

  it.each(['RS256', 'ES256'] as const)('rejects a %s token signed by another key', async (alg) => {
    const token = await idp.mint({ scope: 'notes' }, { alg, key: 'other' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token signature is invalid'),
    )
  })

  it('rejects a token whose signature was tampered with', async () => {
    const token = await idp.mint({ scope: 'notes' })
    const [header, , signature] = token.split('.')
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', scope: 'notes' })).toString(
      'base64url',
    )
    expect(
      await rejection(verifier().verify(`${header}.${payload}.${signature}`, TEST_AUDIENCE)),
    ).toEqual(unauthorized('The token signature is invalid'))
  })

  it('rejects an expired token beyond the clock tolerance', async () => {
    const token = await idp.mint({ scope: 'notes' }, { expiresIn: '-31s' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token has expired'),
    )
  })

  it('accepts a token expired within the clock tolerance', async () => {
    const token = await idp.mint({ scope: 'notes' }, { expiresIn: '-10s' })
    await expect(verifier().verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
  })

  it('rejects a token not yet valid', async () => {
    const token = await idp.mint({ scope: 'notes' }, { notBefore: '2m' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is not yet valid'),
    )
  })

  it('rejects a token issued in the future', async () => {
    const token = await idp.mint({ scope: 'notes', iat: Math.floor(Date.now() / 1000) + 600 })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token was issued in the future'),
    )
  })

  it.each([
    ['another issuer', 'https://evil.example'],
    ['the issuer with a trailing slash', 'TRAILING'],
  ])('rejects a token from %s', async (_label, iss) => {
    const issuer = iss === 'TRAILING' ? `${idp.issuer}/` : iss
    const token = await idp.mint({ scope: 'notes' }, { issuer })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token was issued by another issuer'),
    )
  })

  it('rejects a token for another audience', async () => {
    const token = await idp.mint({ scope: 'notes' }, { audience: 'https://other.example/mcp' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is meant for another audience'),
    )
  })

  it('rejects a token without a subject', async () => {
    const token = await idp.mint({ sub: undefined, scope: 'notes' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token has no subject'),
    )
  })

  it('rejects a token with another typ', async () => {
    const token = await idp.mint({ scope: 'notes' }, { typ: 'id+jwt' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is not an access token'),
    )
  })

  it('rejects an ID token (a nonce without typ at+jwt)', async () => {
    const token = await idp.mint({ scope: 'notes', nonce: 'n' }, { typ: 'JWT' })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is not an access token'),
    )
  })

  it.each(['garbage', 'a.b.c', ''])('rejects the malformed token %j', async (token) => {
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is malformed'),
    )
  })

  it('rejects a token longer than 16 KiB before fetching keys', async () => {
    const before = idp.jwksRequests
    const token = await idp.mint({ scope: 'notes', pad: 'x'.repeat(16 * 1024) })
    expect(await rejection(verifier().verify(token, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is longer than 16 KiB'),
    )
    expect(idp.jwksRequests).toBe(before)
  })

  it('rejects a token lacking a required scope as forbidden, naming the scopes', async () => {
    const token = await idp.mint({ scope: 'other' })
    const err = await verifier({ requiredScopes: ['notes', 'admin'] })
      .verify(token, TEST_AUDIENCE)
      .catch((e: unknown) => e as { kind: string; message: string; details: unknown })
    expect(err).toMatchObject({
      kind: 'forbidden',
      message: 'The token lacks the scopes "notes", "admin"',
      details: [
        { path: '/scope', message: 'Missing scope "notes"' },
        { path: '/scope', message: 'Missing scope "admin"' },
      ],
    })
  })

  it('answers an unknown kid unavailable within the cool-down, then refetches once and rejects it', async () => {
    const v = verifier()
    await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
    const before = idp.jwksRequests
    const unknown = await idp.mint({ scope: 'notes' }, { kid: 'nobody' })
    // The issuer may have published the key since the fetch: 503, so the client keeps it.
    expect(await rejection(v.verify(unknown, TEST_AUDIENCE))).toEqual({
      kind: 'unavailable',
      message: 'The token is signed with a key not fetched yet from the issuer',
    })
    expect(idp.jwksRequests).toBe(before)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
    const later = await idp.mint({ scope: 'notes' }, { kid: 'nobody' })
    expect(await rejection(v.verify(later, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is signed with an unknown key'),
    )
    expect(idp.jwksRequests).toBe(before + 1)
    expect(await rejection(v.verify(later, TEST_AUDIENCE))).toEqual(
      unauthorized('The token is signed with an unknown key'),
    )
    expect(idp.jwksRequests).toBe(before + 1)
  })
})

describe('createTokenVerifier with key rotation', () => {
  it('verifies a token signed with a rotated key without a new verifier', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp))
      await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
      await idp.rotateKeys()
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
      const token = await idp.mint({ scope: 'notes' }, { alg: 'ES256' })
      await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
      expect(idp.jwksRequests).toBe(2)
    } finally {
      vi.useRealTimers()
      await idp.close()
    }
  })
})

describe('createTokenVerifier remembering verified tokens', () => {
  it('checks a remembered token without the keys, and its audience on every call', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp, { jwksUri: idp.jwksUri }))
      const token = await idp.mint({ scope: 'notes' }, { expiresIn: '90s' })
      await v.verify(token, TEST_AUDIENCE)
      await idp.rotateKeys()
      // The key is gone from the JWKS, yet the remembered token passes without a fetch.
      await expect(v.verify(token, TEST_AUDIENCE)).resolves.toMatchObject({ token })
      expect(idp.jwksRequests).toBe(1)
      expect(await rejection(v.verify(token, 'https://other.example/mcp'))).toEqual(
        unauthorized('The token is meant for another audience'),
      )
    } finally {
      vi.useRealTimers()
      await idp.close()
    }
  })

  it('refuses a remembered token once it has expired', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp, { jwksUri: idp.jwksUri }))
      const token = await idp.mint({ scope: 'notes' }, { expiresIn: '20s' })
      await v.verify(token, TEST_AUDIENCE)
      // 20 s of life and 30 s of clock tolerance: refused after 51 s, before it is forgotten.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 51_000 })
      expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual(
        unauthorized('The token has expired'),
      )
    } finally {
      vi.useRealTimers()
      await idp.close()
    }
  })
})

describe('createTokenVerifier discovery', () => {
  it('uses an explicit jwksUri without discovery', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp, { jwksUri: idp.jwksUri }))
      await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
      expect(idp.discoveryRequests).toBe(0)
    } finally {
      await idp.close()
    }
  })

  it('discovers the JWKS once for many tokens', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp))
      for (let i = 0; i < 3; i++) await v.verify(await idp.mint({ scope: 'notes' }), TEST_AUDIENCE)
      expect([idp.discoveryRequests, idp.jwksRequests]).toEqual([1, 1])
    } finally {
      await idp.close()
    }
  })

  it('retries discovery on the next verify after a failure', async () => {
    const idp = await startTestIssuer()
    try {
      const v = createTokenVerifier(settingsFor(idp))
      const token = await idp.mint({ scope: 'notes' })
      idp.failDiscovery(1)
      // Keys that cannot be had are an outage (503), not a bad token.
      expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual({
        kind: 'unavailable',
        message: "The issuer's discovery document is unavailable (HTTP 503)",
      })
      // Failed attempts count for the cool-down too: the next one waits for it.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
      const later = await idp.mint({ scope: 'notes' })
      await expect(v.verify(later, TEST_AUDIENCE)).resolves.toMatchObject({ token: later })
      expect(idp.discoveryRequests).toBe(2)
    } finally {
      vi.useRealTimers()
      await idp.close()
    }
  })

  it('rejects a discovery document naming another issuer', async () => {
    const idp = await startTestIssuer({ path: '/' })
    try {
      // Configured without the slash the document carries: the document must not be used.
      const v = createTokenVerifier(settingsFor(idp, { issuer: idp.origin }))
      const token = await idp.mint({ scope: 'notes' }, { issuer: idp.origin })
      expect(await rejection(v.verify(token, TEST_AUDIENCE))).toEqual({
        kind: 'unavailable',
        message: "The issuer's discovery document is unavailable (issuer mismatch)",
      })
    } finally {
      await idp.close()
    }
  })

  it('verifies an Auth0-like issuer with a trailing slash, configured exactly', async () => {
    const idp = await startTestIssuer({ path: '/' })
    try {
      expect(idp.issuer.endsWith('/')).toBe(true)
      const token = await idp.mint({ scope: 'notes' })
      await expect(
        createTokenVerifier(settingsFor(idp)).verify(token, TEST_AUDIENCE),
      ).resolves.toMatchObject({ token })
    } finally {
      await idp.close()
    }
  })

  it('verifies an Entra ID v2.0-like token: tenant issuer, GUID audience, typ JWT, scp string', async () => {
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47'
    const clientId = '0b5f6c1e-3a7d-4f7e-9a21-5c3d2e1f0a9b'
    const idp = await startTestIssuer({ path: `/${tenant}/v2.0` })
    try {
      expect(idp.issuer).toBe(`${idp.origin}/${tenant}/v2.0`)
      const v = createTokenVerifier(settingsFor(idp, { audience: clientId }))
      const token = await idp.mint(
        { scp: 'notes User.Read', tid: tenant },
        { typ: 'JWT', audience: clientId },
      )
      const verified = await v.verify(token, clientId)
      expect(verified.scopes).toEqual(['notes', 'User.Read'])
      const v1Issuer = await idp.mint(
        { scp: 'notes' },
        { typ: 'JWT', audience: clientId, issuer: `${idp.origin}/${tenant}/` },
      )
      expect(await rejection(v.verify(v1Issuer, clientId))).toEqual(
        unauthorized('The token was issued by another issuer'),
      )
      const slashed = await idp.mint({ scp: 'notes' }, { typ: 'JWT', audience: `${clientId}/` })
      expect(await rejection(v.verify(slashed, clientId))).toEqual(
        unauthorized('The token is meant for another audience'),
      )
    } finally {
      await idp.close()
    }
  })
})
