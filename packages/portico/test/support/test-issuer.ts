import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type CryptoKey,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose'
import { type AuthSettings, DPOP_ALGORITHMS } from '../../src/auth/auth-settings.js'

/** The audience `mint` puts in `aud` unless told otherwise. */
export const TEST_AUDIENCE = 'https://plugin.test/mcp'

/**
 * The `WWW-Authenticate` value of a refusal of a request without credentials: a Bearer and a
 * DPoP challenge, each naming the metadata and the scopes.
 */
export function expectedChallenge(resourceMetadataUrl: string, scope: string): string {
  const common = `resource_metadata="${resourceMetadataUrl}", scope="${scope}"`
  return `Bearer ${common}, DPoP ${common}, algs="${DPOP_ALGORITHMS.join(' ')}"`
}

/** Mode custom settings that trust `issuer` for {@link TEST_AUDIENCE} and the scope `notes`. */
export function testAuthSettings(
  issuer: TestIssuer,
  overrides: Partial<AuthSettings> = {},
): AuthSettings {
  return {
    mode: 'custom',
    issuer: issuer.issuer,
    audience: TEST_AUDIENCE,
    requiredScopes: ['notes'],
    advertisedScopes: ['notes', 'profile', 'email'],
    algorithms: ['RS256', 'ES256'],
    clockToleranceSeconds: 30,
    ...overrides,
  }
}

/** Options of {@link startTestIssuer}. */
export interface TestIssuerOptions {
  /**
   * Path after the origin, kept exactly: `''` (default) gives `http://127.0.0.1:<port>`,
   * `'/'` an Auth0-like trailing slash, `'/<tenant>/v2.0'` an Entra ID v2.0-like issuer.
   */
  path?: string
}

/** Claims of {@link TestIssuer.mint}: any JWT claims, and `sub: undefined` leaves the subject out. */
export type MintClaims = {
  [K in keyof JWTPayload as K extends 'sub' ? never : K]: JWTPayload[K]
} & { sub?: string | undefined }

/** Options of {@link TestIssuer.mint}. */
export interface MintOptions {
  /** Signing algorithm; default `RS256`. */
  alg?: 'RS256' | 'ES256'
  /** Header `typ`; default `at+jwt`; `null` leaves it out. */
  typ?: string | null
  /** Header `kid`; default the current key's. */
  kid?: string
  /** jose time span for `exp`, e.g. `'5m'` (default) or `'-1m'` (already expired). */
  expiresIn?: string
  /** jose time span for `nbf`, e.g. `'10m'` (not yet valid). */
  notBefore?: string
  /** `iss`; default the issuer. */
  issuer?: string
  /** `aud`; default {@link TEST_AUDIENCE}. */
  audience?: string | string[]
  /** `'other'` signs with a key absent from the JWKS, under the current key's `kid`. */
  key?: 'other'
}

/** A real OpenID provider on loopback, for verifier and end-to-end tests. */
export interface TestIssuer {
  /** The issuer identifier, exactly as tokens carry it in `iss`. */
  issuer: string
  origin: string
  discoveryUrl: string
  jwksUri: string
  tokenEndpoint: string
  /** GET requests served on the JWKS URI so far. */
  readonly jwksRequests: number
  /** GET requests served on the discovery URL so far. */
  readonly discoveryRequests: number
  /**
   * Signs an access token. `sub` defaults to `test-user` (pass `sub: undefined` to leave it out),
   * `iat` to now; `iss`, `aud`, `exp` and `nbf` come from the options.
   */
  mint(claims?: MintClaims, options?: MintOptions): Promise<string>
  /** An unsigned token (`alg: none`), for attack tests. */
  mintUnsigned(claims?: JWTPayload): string
  /** An HS256 token keyed with the RSA public key's PEM (algorithm confusion), for attack tests. */
  mintHmacWithPublicKey(claims?: JWTPayload): Promise<string>
  /** Replaces both keys: the JWKS then lists only the new ones, and `mint` signs with them. */
  rotateKeys(): Promise<void>
  /** Answers the next `count` discovery requests with 503. */
  failDiscovery(count?: number): void
  /**
   * Makes the JWKS endpoint fail until told otherwise: `'503'` answers 503, `'hang'` never
   * answers (the connection stays open until `close`), `undefined` serves the keys again.
   * Failed requests still count in {@link TestIssuer.jwksRequests}.
   */
  failJwks(mode: JwksFailure | undefined): void
  close(): Promise<void>
}

/** How {@link TestIssuer.failJwks} makes the JWKS endpoint fail. */
export type JwksFailure = '503' | 'hang'

interface KeyPair {
  kid: string
  alg: 'RS256' | 'ES256'
  privateKey: CryptoKey
  publicKey: CryptoKey
}

async function createKey(alg: 'RS256' | 'ES256'): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg)
  return { kid: `${alg.toLowerCase()}-${randomUUID()}`, alg, privateKey, publicKey }
}

async function createKeys(): Promise<Record<'RS256' | 'ES256', KeyPair>> {
  const [rs, es] = await Promise.all([createKey('RS256'), createKey('ES256')])
  return { RS256: rs, ES256: es }
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/**
 * Starts an OpenID provider on 127.0.0.1, port 0, with fresh RS256 and ES256 keys. It serves
 * `<issuer without trailing slash>/.well-known/openid-configuration` and the JWKS.
 */
export async function startTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  let keys = await createKeys()
  const otherKeys = await createKeys()
  let jwksRequests = 0
  let discoveryRequests = 0
  let discoveryFailures = 0
  let jwksFailure: JwksFailure | undefined
  let jwks: { keys: JWK[] } = { keys: [] }
  const publishKeys = async (): Promise<void> => {
    const list = await Promise.all(
      Object.values(keys).map(async (k) => ({
        ...(await exportJWK(k.publicKey)),
        kid: k.kid,
        alg: k.alg,
        use: 'sig',
      })),
    )
    jwks = { keys: list }
  }
  await publishKeys()

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (req.method === 'GET' && path === discoveryPath) {
      discoveryRequests++
      if (discoveryFailures > 0) {
        discoveryFailures--
        sendJson(res, 503, { error: 'temporarily_unavailable' })
        return
      }
      sendJson(res, 200, {
        issuer,
        jwks_uri: jwksUri,
        token_endpoint: tokenEndpoint,
        authorization_endpoint: `${base}/authorize`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      })
    } else if (req.method === 'GET' && path === jwksPath) {
      jwksRequests++
      // A hanging request is left open: `close` ends it with every other connection.
      if (jwksFailure === 'hang') return
      if (jwksFailure === '503') sendJson(res, 503, { error: 'temporarily_unavailable' })
      else sendJson(res, 200, jwks)
    } else {
      sendJson(res, 404, { error: 'not_found' })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  const issuer = `${origin}${options.path ?? ''}`
  const base = issuer.replace(/\/$/, '')
  const discoveryPath = `${new URL(base).pathname.replace(/\/$/, '')}/.well-known/openid-configuration`
  const jwksPath = `${discoveryPath.replace('/.well-known/openid-configuration', '')}/jwks`
  const discoveryUrl = `${origin}${discoveryPath}`
  const jwksUri = `${origin}${jwksPath}`
  const tokenEndpoint = `${base}/token`

  const withDefaults = (claims: JWTPayload): JWTPayload => ({
    sub: 'test-user',
    iss: issuer,
    aud: TEST_AUDIENCE,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 300,
    ...claims,
  })

  return {
    issuer,
    origin,
    discoveryUrl,
    jwksUri,
    tokenEndpoint,
    get jwksRequests() {
      return jwksRequests
    },
    get discoveryRequests() {
      return discoveryRequests
    },
    async mint(claims = {}, mint = {}) {
      const alg = mint.alg ?? 'RS256'
      const key = (mint.key === 'other' ? otherKeys : keys)[alg]
      const header = {
        alg,
        kid: mint.kid ?? keys[alg].kid,
        ...(mint.typ === null ? {} : { typ: mint.typ ?? 'at+jwt' }),
      }
      const { sub, ...rest } = claims
      const subject = 'sub' in claims ? sub : 'test-user'
      const jwt = new SignJWT({ ...(subject === undefined ? {} : { sub: subject }), ...rest })
        .setProtectedHeader(header)
        .setIssuer(mint.issuer ?? issuer)
        .setAudience(mint.audience ?? TEST_AUDIENCE)
        .setJti(randomUUID())
        .setExpirationTime(mint.expiresIn ?? '5m')
      if (claims.iat === undefined) jwt.setIssuedAt()
      if (mint.notBefore !== undefined) jwt.setNotBefore(mint.notBefore)
      return jwt.sign(key.privateKey)
    },
    mintUnsigned(claims = {}) {
      return `${base64url({ alg: 'none', typ: 'at+jwt' })}.${base64url(withDefaults(claims))}.`
    },
    async mintHmacWithPublicKey(claims = {}) {
      const pem = await exportSPKI(keys.RS256.publicKey)
      const input = `${base64url({ alg: 'HS256', typ: 'at+jwt', kid: keys.RS256.kid })}.${base64url(withDefaults(claims))}`
      const signature = createHmac('sha256', pem).update(input).digest('base64url')
      return `${input}.${signature}`
    },
    async rotateKeys() {
      keys = await createKeys()
      await publishKeys()
    },
    failDiscovery(count = 1) {
      discoveryFailures = count
    },
    failJwks(mode) {
      jwksFailure = mode
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      })
    },
  }
}
