import type { GateOutcome } from './create-auth-gate.js'

/**
 * The headers of a gate refusal, the same on every surface: the RFC 9728 challenge of a 400,
 * 401 or 403, or `Retry-After` (RFC 9110 §10.2.3) of a 503 when the issuer's keys cannot be
 * had. A 503 carries no challenge: the token may be good, and a challenge invites a new login.
 *
 * @example
 * import { refusalHeaders } from './refusal-headers.js'
 * if (!outcome.ok) headers = withCors({ ...problemHeaders, ...refusalHeaders(outcome) })
 */
export function refusalHeaders(
  outcome: Extract<GateOutcome, { ok: false }>,
): Record<string, string> {
  return outcome.status === 503
    ? { 'retry-after': String(outcome.retryAfterSeconds) }
    : { 'www-authenticate': outcome.challenge }
}
