import { PorticoError } from '../core/portico-error.js'

/** The two schemes an access token may come under: RFC 6750 `Bearer` and RFC 9449 `DPoP`. */
export type TokenScheme = 'Bearer' | 'DPoP'

/** The access token of a request and the scheme it came under. */
export interface Credentials {
  scheme: TokenScheme
  token: string
}

/** A scheme (any case), `1*SP`, then a token68 (RFC 9110 §11.2, RFC 6750 §2.1, RFC 9449 §7.1). */
const CREDENTIALS = /^(bearer|dpop) +([A-Za-z0-9\-._~+/]+=*)$/i

/**
 * Reads the access token from an `Authorization` header value. Absent header → `undefined`;
 * several credentials (a comma: repeated headers arrive joined by `, `, and a token68 never holds
 * one) → `PorticoError('bad_request')`, RFC 6750's `invalid_request`; another scheme, several
 * tokens or characters outside token68 → `PorticoError('unauthorized')`.
 *
 * @example
 * import { extractCredentials } from './extract-credentials.js'
 * extractCredentials('DPoP eyJ…') // { scheme: 'DPoP', token: 'eyJ…' }
 */
export function extractCredentials(authorization: string | null): Credentials | undefined {
  if (authorization === null) return undefined
  if (authorization.includes(',')) {
    throw new PorticoError('bad_request', 'Send one Authorization header with one credential')
  }
  const match = CREDENTIALS.exec(authorization)
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new PorticoError('unauthorized', 'Malformed Authorization header')
  }
  return { scheme: match[1].toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer', token: match[2] }
}
