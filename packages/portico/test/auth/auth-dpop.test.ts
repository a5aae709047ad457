import { randomUUID } from 'node:crypto'
import {
  base64url,
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  type JWK,
  SignJWT,
} from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DPOP_ALGORITHMS } from '../../src/auth/auth-settings.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

/**
 * RFC 9449 on the resource-server side, over real HTTP on every surface: a DPoP-bound token
 * (`cnf.jkt`) passes under the `DPoP` scheme with a proof by its key, and nowhere else.
 */

const AUDIENCE = 'https://notes.example.com'
const dir = fixtureDir('auth-custom-plugin')

interface ProofKey {
  privateKey: CryptoKey
  jwk: JWK
  thumbprint: string
}

let issuer: TestIssuer
let nodeEdge: ServedPlugin
let fetchEdge: ServedPlugin
let key: ProofKey
let otherKey: ProofKey

async function proofKey(): Promise<ProofKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(publicKey)
  return { privateKey, jwk, thumbprint: await calculateJwkThumbprint(jwk, 'sha256') }
}

beforeAll(async () => {
  issuer = await startTestIssuer()
  const auth = await authSettingsFromEnv(dir, {
    OAUTH_ISSUER: issuer.issuer,
    OAUTH_AUDIENCE: AUDIENCE,
  })
  ;[nodeEdge, fetchEdge, key, otherKey] = await Promise.all([
    servePlugin(dir, { auth }),
    servePlugin(dir, { auth, nodeEdge: false }),
    proofKey(),
    proofKey(),
  ])
})
afterAll(async () => {
  await Promise.all([nodeEdge?.close(), fetchEdge?.close(), issuer?.close()])
})

const surfaces = () => [
  { name: 'REST on the Node edge', url: nodeEdge.url, path: '/api/Me/whoami' },
  { name: 'REST on the Fetch handler', url: fetchEdge.url, path: '/api/Me/whoami' },
  { name: 'MCP', url: nodeEdge.url, path: '/mcp' },
]

function boundToken(thumbprint = key.thumbprint): Promise<string> {
  return issuer.mint({ cnf: { jkt: thumbprint } }, { audience: AUDIENCE })
}

async function ath(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return base64url.encode(new Uint8Array(digest))
}

interface ProofOptions {
  htm?: string
  htu: string
  token: string
  signer?: ProofKey
  iat?: number
  jti?: string
  typ?: string
  ath?: string | null
  /** Puts the private key in the header's `jwk`. */
  leakPrivateKey?: boolean
}

async function proof(options: ProofOptions): Promise<string> {
  const signer = options.signer ?? key
  const jwk = options.leakPrivateKey ? await exportJWK(signer.privateKey) : signer.jwk
  const claims: Record<string, unknown> = {
    htm: options.htm ?? 'POST',
    htu: options.htu,
    jti: options.jti ?? randomUUID(),
  }
  const hash = options.ath === undefined ? await ath(options.token) : options.ath
  if (hash !== null) claims.ath = hash
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: options.typ ?? 'dpop+jwt', jwk })
    .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
    .sign(signer.privateKey)
}

interface Answer {
  status: number
  challenge: string
  body: string
}

async function send(url: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const mcp = path === '/mcp'
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: mcp
      ? '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"Me_whoami","arguments":{}}}'
      : '{}',
  })
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate') ?? '',
    body: await response.text(),
  }
}

describe('a DPoP-bound token', () => {
  it('passes under the DPoP scheme with a fresh proof by its key, on every surface', async () => {
    const token = await boundToken()
    for (const { name, url, path } of surfaces()) {
      const dpop = await proof({ htu: `${url}${path}`, token })
      const answer = await send(url, path, { authorization: `DPoP ${token}`, dpop })
      expect(answer.status, `${name}: ${answer.body}`).toBe(200)
      expect(answer.body, name).toContain('test-user')
    }
  })

  it('is refused as a bearer token, with both challenges', async () => {
    const token = await boundToken()
    for (const { name, url, path } of surfaces()) {
      const answer = await send(url, path, { authorization: `Bearer ${token}` })
      expect(answer.status, name).toBe(401)
      expect(answer.challenge, name).toMatch(/^Bearer .*error="invalid_token".*, DPoP /)
      expect(answer.body, name).toContain('send it with the DPoP scheme')
    }
  })

  it('is refused with invalid_dpop_proof without a proof, the DPoP challenge first', async () => {
    const token = await boundToken()
    for (const { name, url, path } of surfaces()) {
      const answer = await send(url, path, { authorization: `DPoP ${token}` })
      expect(answer.status, name).toBe(401)
      expect(answer.challenge, name).toMatch(
        /^DPoP resource_metadata="[^"]+", scope="[^"]+", algs="ES256 [^"]*", error="invalid_dpop_proof"/,
      )
      expect(answer.challenge, name).toContain(', Bearer resource_metadata=')
    }
  })

  it('refuses a proof replayed, even on another surface', async () => {
    const token = await boundToken()
    const url = nodeEdge.url
    const dpop = await proof({ htu: `${url}/mcp`, token })
    expect((await send(url, '/mcp', { authorization: `DPoP ${token}`, dpop })).status).toBe(200)
    const replayed = await send(url, '/mcp', { authorization: `DPoP ${token}`, dpop })
    expect(replayed.status).toBe(401)
    expect(replayed.challenge).toContain('error="invalid_dpop_proof"')
    expect(replayed.body).toContain('used already')
  })

  it.each<{ name: string; options: (url: string, token: string) => ProofOptions; says: string }>([
    {
      name: 'another method',
      options: (url, token) => ({ htm: 'GET', htu: url, token }),
      says: 'another HTTP method',
    },
    {
      name: 'another URL',
      options: (url, token) => ({ htu: `${url}/other`, token }),
      says: 'another URL',
    },
    {
      name: 'another origin',
      options: (url, token) => ({ htu: url.replace('127.0.0.1', 'localhost'), token }),
      says: 'another URL',
    },
    {
      name: 'another token',
      options: (url, token) => ({ htu: url, token: `${token}x` }),
      says: 'another access token',
    },
    {
      name: 'no ath',
      options: (url, token) => ({ htu: url, token, ath: null }),
      says: 'another access token',
    },
    {
      name: 'an iat two minutes old',
      options: (url, token) => ({ htu: url, token, iat: Math.floor(Date.now() / 1000) - 120 }),
      says: 'invalid',
    },
    {
      name: 'an iat in the future',
      options: (url, token) => ({ htu: url, token, iat: Math.floor(Date.now() / 1000) + 600 }),
      says: 'invalid',
    },
    {
      name: 'the wrong typ',
      options: (url, token) => ({ htu: url, token, typ: 'JWT' }),
      says: 'invalid',
    },
    {
      name: 'a private key in the header',
      options: (url, token) => ({ htu: url, token, leakPrivateKey: true }),
      says: 'invalid',
    },
  ])('refuses a proof with $name as invalid_dpop_proof', async ({ options, says }) => {
    const token = await boundToken()
    const target = `${nodeEdge.url}/mcp`
    const dpop = await proof(options(target, token))
    const answer = await send(nodeEdge.url, '/mcp', { authorization: `DPoP ${token}`, dpop })
    expect(answer.status).toBe(401)
    expect(answer.challenge).toContain('error="invalid_dpop_proof"')
    expect(answer.body).toContain(says)
  })

  it('refuses a proof by another key than the token names, as invalid_token', async () => {
    const token = await boundToken()
    const dpop = await proof({ htu: `${nodeEdge.url}/mcp`, token, signer: otherKey })
    const answer = await send(nodeEdge.url, '/mcp', { authorization: `DPoP ${token}`, dpop })
    expect(answer.status).toBe(401)
    expect(answer.challenge).toMatch(/^DPoP .*error="invalid_token"/)
  })

  it('refuses two proofs, and an unsigned one', async () => {
    const token = await boundToken()
    const htu = `${nodeEdge.url}/mcp`
    const [one, two] = await Promise.all([proof({ htu, token }), proof({ htu, token })])
    const [header, payload] = one.split('.')
    const unsigned = `${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(header ?? ''))), alg: 'none' }))}.${payload}.`
    for (const dpop of [`${one}, ${two}`, unsigned, 'not-a-jwt']) {
      const answer = await send(nodeEdge.url, '/mcp', { authorization: `DPoP ${token}`, dpop })
      expect(answer.status, dpop.slice(0, 20)).toBe(401)
      expect(answer.challenge).toContain('error="invalid_dpop_proof"')
    }
  })
})

describe('a token that is not DPoP-bound', () => {
  it('is refused under the DPoP scheme, even with a valid proof', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE })
    const dpop = await proof({ htu: `${nodeEdge.url}/mcp`, token })
    const answer = await send(nodeEdge.url, '/mcp', { authorization: `DPoP ${token}`, dpop })
    expect(answer.status).toBe(401)
    expect(answer.challenge).toMatch(/^DPoP .*error="invalid_token"/)
  })

  it('still passes as a bearer token, a stray DPoP header ignored', async () => {
    const token = await issuer.mint({}, { audience: AUDIENCE })
    const answer = await send(nodeEdge.url, '/api/Me/whoami', {
      authorization: `Bearer ${token}`,
      dpop: 'ignored',
    })
    expect(answer.status).toBe(200)
  })
})

describe('the metadata', () => {
  it('says DPoP-bound tokens are accepted, not required, and with which algorithms', async () => {
    for (const path of ['', '/mcp']) {
      const response = await fetch(`${nodeEdge.url}/.well-known/oauth-protected-resource${path}`)
      expect(await response.json()).toMatchObject({
        dpop_signing_alg_values_supported: [...DPOP_ALGORITHMS],
        dpop_bound_access_tokens_required: false,
        dpop_bound_access_tokens_supported: true,
      })
    }
  })
})
