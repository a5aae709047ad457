import { errors } from 'jose'
import { PorticoError } from '../core/portico-error.js'

const CLAIM_MESSAGES: Record<string, string> = {
  iss: 'The token was issued by another issuer',
  aud: 'The token is meant for another audience',
  nbf: 'The token is not yet valid',
  exp: 'The token has no expiry',
  iat: 'The token has an invalid issue time',
}

/**
 * Turns a failed verification of the token itself into `PorticoError('unauthorized')` with a
 * short, fixed message.
 * jose's own messages can quote claim values, so none is passed on; the original stays as the
 * unexposed `cause`.
 *
 * @example
 * import { toUnauthorizedError } from './to-unauthorized-error.js'
 * try { await jwtVerify(token, keys) } catch (err) { throw toUnauthorizedError(err) }
 */
export function toUnauthorizedError(err: unknown): PorticoError {
  return new PorticoError('unauthorized', describe(err), { cause: err })
}

function describe(err: unknown): string {
  if (err instanceof PorticoError) return err.message
  if (err instanceof errors.JWTExpired) return 'The token has expired'
  if (err instanceof errors.JWTClaimValidationFailed) {
    return CLAIM_MESSAGES[err.claim] ?? `The token has an invalid "${err.claim}" claim`
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is invalid'
  if (err instanceof errors.JWKSNoMatchingKey) return 'The token is signed with an unknown key'
  if (err instanceof errors.JWKSMultipleMatchingKeys) return 'The token key is ambiguous'
  if (err instanceof errors.JOSEAlgNotAllowed) return 'The token algorithm is not allowed'
  if (
    err instanceof errors.JWSInvalid ||
    err instanceof errors.JWTInvalid ||
    err instanceof errors.JOSENotSupported
  ) {
    return 'The token is malformed'
  }
  // Keys that cannot be had are `KeysUnavailableError` (503), never turned into a 401 here.
  return 'The token could not be verified'
}
