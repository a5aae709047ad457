import { PorticoError } from '../core/portico-error.js'
import { fetchIssuerJson } from './fetch-issuer-json.js'

/** How long one discovery request may take. */
const DISCOVERY_TIMEOUT_MS = 5000

const FAILURE = "The issuer's discovery document is unavailable"

/**
 * Returns a function that yields the issuer's `jwks_uri` from its OIDC discovery document
 * (`<issuer without trailing slash>/.well-known/openid-configuration`, OIDC Discovery §4.1).
 * The first success is kept for the life of the process; a failure is not, so the next call
 * tries again (the key store decides when). Failures are `PorticoError('unavailable')`: the
 * keys cannot be had, whatever the token.
 *
 * @example
 * import { createJwksUriResolver } from './create-jwks-uri-resolver.js'
 * const jwksUri = await createJwksUriResolver('https://auth.example.com/')()
 */
export function createJwksUriResolver(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): () => Promise<string> {
  let pending: Promise<string> | undefined
  return () => {
    pending ??= discoverJwksUri(issuer, fetchImpl).catch((err: unknown) => {
      pending = undefined
      throw err
    })
    return pending
  }
}

async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const document = await fetchIssuerJson(url, {
    fetch: fetchImpl,
    timeoutMs: DISCOVERY_TIMEOUT_MS,
    failure: FAILURE,
  })
  const unavailable = (why: string) => new PorticoError('unavailable', `${FAILURE} (${why})`)
  const { issuer: claimed, jwks_uri: jwksUri } = (document ?? {}) as Record<string, unknown>
  // OIDC Discovery §4.3 / RFC 8414 §3.3: a document for another issuer must not be used.
  if (claimed !== issuer) throw unavailable('issuer mismatch')
  if (typeof jwksUri !== 'string' || !isHttpUrl(jwksUri)) throw unavailable('no valid jwks_uri')
  return jwksUri
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}
