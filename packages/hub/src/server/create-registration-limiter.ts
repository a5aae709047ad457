import type { IncomingMessage, ServerResponse } from 'node:http'
import { clientAddressOf } from './client-address-of.js'
import { createTokenBuckets } from './token-buckets.js'

/** How much open registration one client address may use. */
export interface RegistrationLimiterOptions {
  burst: number
  perMinute: number
  /** The hub runs behind its TLS-terminating proxy (an https issuer): see `clientAddressOf`. */
  behindProxy: boolean
}

/**
 * Limits dynamic registration (RFC 7591) per client address with a token bucket: open
 * registration needs no credential, and every client it creates is stored. Returns whether the
 * request may go on; otherwise it has been answered `429` with `Retry-After` and an OAuth error
 * body (`temporarily_unavailable`, RFC 6749 §4.1.2.1).
 */
export function createRegistrationLimiter(
  options: RegistrationLimiterOptions,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const buckets = createTokenBuckets({ capacity: options.burst, perMinute: options.perMinute })
  const limits = `at most ${options.burst} at once and ${options.perMinute} a minute`
  return (request, response) => {
    const taken = buckets.take(clientAddressOf(request, options.behindProxy))
    if (taken.ok) return true
    request.resume()
    response.writeHead(429, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(taken.retryAfterSeconds),
    })
    response.end(
      JSON.stringify({
        error: 'temporarily_unavailable',
        error_description: `too many client registrations from this address: ${limits}; retry in ${taken.retryAfterSeconds} s`,
      }),
    )
    return false
  }
}
