import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthGate, type GateRequest } from '../../src/auth/create-auth-gate.js'
import { createTokenVerifier } from '../../src/auth/create-token-verifier.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * A token whose signature was verified lately is answered at once, without a promise (the hot
 * path's admission then takes no turn of the microtask queue), and still checked on every call:
 * audience, expiry and scopes hold as for a token verified in full.
 */
let issuer: TestIssuer

beforeAll(async () => {
  issuer = await startTestIssuer()
})

afterAll(async () => {
  await issuer.close()
})

const origin = 'http://plugin.test'

function requestOf(token: string, resourcePath = '/mcp/notes'): GateRequest {
  return {
    authorization: `Bearer ${token}`,
    dpop: null,
    method: 'POST',
    pathname: resourcePath,
    search: '',
    origin,
    resourcePath,
  }
}

describe('a remembered token', () => {
  it('is admitted at once once verified, with a context of its own each time', async () => {
    const gate = createAuthGate(testAuthSettings(issuer))
    const token = await issuer.mint({ scope: 'notes' }, { audience: `${origin}/mcp/notes` })
    const first = gate.check(requestOf(token))
    expect(first).toBeInstanceOf(Promise)
    expect(await first).toMatchObject({
      ok: true,
      context: { uid: 'test-user', scopes: ['notes'] },
    })
    const second = gate.check(requestOf(token))
    expect(second).not.toBeInstanceOf(Promise)
    expect(second).toMatchObject({ ok: true, context: { uid: 'test-user', scopes: ['notes'] } })
    const third = gate.check(requestOf(token))
    if (!('ok' in third) || !third.ok || !('ok' in second) || !second.ok)
      throw new Error('not admitted at once')
    // A tool that changes its context changes nobody else's.
    second.context.scopes.push('admin')
    expect(third.context.scopes).not.toContain('admin')
  })

  it('is refused at once for a resource its audience does not name', async () => {
    const gate = createAuthGate(testAuthSettings(issuer))
    const token = await issuer.mint({ scope: 'notes' }, { audience: `${origin}/mcp/notes` })
    await gate.check(requestOf(token))
    const other = gate.check(requestOf(token, '/mcp/other'))
    expect(other).not.toBeInstanceOf(Promise)
    expect(other).toMatchObject({
      ok: false,
      status: 401,
      error: { message: 'The token is meant for another audience' },
    })
  })

  it('is refused once it expired, though its signature was verified', async () => {
    const verifier = createTokenVerifier(testAuthSettings(issuer, { clockToleranceSeconds: 0 }))
    const token = await issuer.mint(
      { scope: 'notes' },
      { audience: `${origin}/mcp/notes`, expiresIn: '2s' },
    )
    await verifier.verify(token, `${origin}/mcp/notes`)
    const exp = verifier.remembered?.(token, `${origin}/mcp/notes`)?.claims.exp ?? 0
    expect(exp).toBeGreaterThan(Date.now() / 1000)
    // Wait on the clock, not a fixed sleep: the token expires at `exp`, whatever the machine.
    while (Date.now() / 1000 < exp) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(() => verifier.remembered?.(token, `${origin}/mcp/notes`)).toThrow(
      'The token has expired',
    )
    await expect(verifier.verify(token, `${origin}/mcp/notes`)).rejects.toThrow('expired')
  })

  it('is not remembered before its first verification, nor with one of its characters changed', async () => {
    const verifier = createTokenVerifier(testAuthSettings(issuer))
    const token = await issuer.mint({ scope: 'notes' }, { audience: `${origin}/mcp/notes` })
    expect(verifier.remembered?.(token, `${origin}/mcp/notes`)).toBeUndefined()
    await verifier.verify(token, `${origin}/mcp/notes`)
    const forged = `${token.slice(0, 40)}x${token.slice(41)}`
    expect(verifier.remembered?.(forged, `${origin}/mcp/notes`)).toBeUndefined()
  })
})
