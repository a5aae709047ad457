import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

/** A loopback issuer for the authenticated rows: its JWKS over HTTP, and one valid token. */
export interface BenchIssuer {
  /** OAUTH_* for the server under test. */
  env: Record<string, string>
  /** An RS256 access token for the audience, valid for an hour. */
  token: string
  close(): Promise<void>
}

const AUDIENCE = 'urn:portico:bench'

/** Starts the issuer on 127.0.0.1 and mints the token the load sends on every call. */
export async function startBenchIssuer(): Promise<BenchIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' }],
  })
  const server = createServer((request, response) => {
    if (request.url === '/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const token = await new SignJWT({
    scope: 'bench',
    email: 'bench@example.com',
    email_verified: true,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject('bench-user')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey)
  return {
    env: { OAUTH_ISSUER: issuer, OAUTH_AUDIENCE: AUDIENCE, OAUTH_JWKS_URI: `${issuer}/jwks.json` },
    token,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
