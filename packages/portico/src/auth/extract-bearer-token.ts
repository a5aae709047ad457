import { PorticoError } from '../core/portico-error.js'

/** RFC 6750 §2.1: `Bearer` (any case), `1*SP`, then a token68 (RFC 9110 §11.2). */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i

/**
 * Reads the bearer token from an `Authorization` header value. Absent header → `undefined`;
 * several credentials (a comma: repeated headers arrive joined by `, `, and a token68 never holds
 * one) → `PorticoError('bad_request')`, RFC 6750's `invalid_request`; another scheme, several
 * tokens or characters outside token68 → `PorticoError('unauthorized')`.
 *
 * @example
 * import { extractBearerToken } from './extract-bearer-token.js'
 * extractBearerToken(request.headers.get('authorization'))
 */
export function extractBearerToken(authorization: string | null): string | undefined {
  if (authorization === null) return undefined
  if (authorization.includes(',')) {
    throw new PorticoError('bad_request', 'Send one Authorization header with one credential')
  }
  const match = BEARER.exec(authorization)
  if (match?.[1] === undefined) {
    throw new PorticoError('unauthorized', 'Malformed Authorization header')
  }
  return match[1]
}
