import type { AuthGate, GateOutcome } from '../../auth/create-auth-gate.js'
import { refusalHeaders } from '../../auth/refusal-headers.js'
import type { PorticoCaller } from '../../core/plugin-context.js'
import { type Pending, settled } from '../../core/settled.js'
import { withCors } from '../../http/cors.js'
import { createHostOriginRefusal, hostOriginError } from '../../http/create-host-origin-refusal.js'
import type { HostPolicy } from '../../http/host-policy.js'
import { pathnameOf, searchOf } from '../../http/pathname-of.js'
import { PROBLEM_CONTENT_TYPE, toProblemDocument } from '../../http/problem-response.js'
import type { RestAnswer, RestRequest } from './rest-request.js'

/** Options of {@link createRestAdmission}. */
export interface RestAdmissionOptions {
  /** Which `Host` and `Origin` may call (see `resolveHostPolicy`). */
  hostPolicy: HostPolicy
  /** Checks bearer tokens in the authenticated modes; absent in mode anon. */
  gate?: AuthGate
}

/** What admitting a request needs of it. */
export type AdmissionRequest = Pick<
  RestRequest,
  | 'method'
  | 'pathname'
  | 'authorization'
  | 'dpop'
  | 'search'
  | 'origin'
  | 'host'
  | 'forwardedHost'
  | 'requestOrigin'
  | 'fetchSite'
>

/** Go on, with the caller in the authenticated modes; or answer this refusal. */
export type RestAdmission = { ok: true; caller?: PorticoCaller } | { ok: false; answer: RestAnswer }

const problemHeaders = withCors({ 'content-type': PROBLEM_CONTENT_TYPE })
const admitted: RestAdmission = { ok: true }

/**
 * The checks every route under `/api` passes before it does anything: the host policy (throws
 * the 403 `PorticoError`, before a challenge could name a foreign host), then the token (a
 * refusal to answer as it is: 400, 401 or 403 with the challenge, or 503). The admission comes
 * at once without a gate or for a token the gate remembers, and as a promise when the gate must
 * verify one: a caller that awaits only a promise spares the call a turn of the microtask queue.
 */
export function createRestAdmission(
  options: RestAdmissionOptions,
): (request: AdmissionRequest) => Pending<RestAdmission> {
  const refuseHostOrOrigin = createHostOriginRefusal(options.hostPolicy)
  const { gate } = options
  return (request) => {
    const refused = refuseHostOrOrigin(
      request.host,
      request.requestOrigin,
      request.fetchSite,
      request.forwardedHost,
    )
    if (refused) throw hostOriginError(refused)
    if (!gate) return admitted
    const outcome = gate.check({
      authorization: request.authorization,
      dpop: request.dpop,
      method: request.method,
      pathname: request.pathname,
      search: request.search,
      origin: request.origin(),
      resourcePath: '/',
    })
    return settled(outcome, admissionOf)
  }
}

/** A gate's outcome as the REST routes take it: the caller, or the refusal to answer. */
function admissionOf(outcome: GateOutcome): RestAdmission {
  return outcome.ok
    ? { ok: true, caller: outcome.context }
    : { ok: false, answer: refusal(outcome) }
}

/**
 * 400, 401 or 403 with the RFC 9728 challenge, or 503 with `Retry-After` when the issuer's
 * keys cannot be had, as a problem document; never with a stack, even in dev mode: a refusal
 * is an expected answer, not a fault to debug.
 */
function refusal(outcome: Extract<GateOutcome, { ok: false }>): RestAnswer {
  const problem = toProblemDocument(outcome.error, { dev: false })
  return {
    status: outcome.status,
    headers: withCors({ ...problemHeaders, ...refusalHeaders(outcome) }),
    body: JSON.stringify(problem),
  }
}

/** What admission reads of a Fetch `Request`: the one mapping of the Fetch-API routes. */
export function admissionRequestOf(
  request: Request,
  originOf: (request: Request) => string,
): AdmissionRequest {
  const { headers } = request
  return {
    method: request.method,
    pathname: pathnameOf(request.url),
    authorization: headers.get('authorization'),
    dpop: headers.get('dpop'),
    search: searchOf(request.url),
    origin: () => originOf(request),
    host: headers.get('host'),
    forwardedHost: headers.get('x-forwarded-host'),
    requestOrigin: headers.get('origin'),
    fetchSite: headers.get('sec-fetch-site'),
  }
}
