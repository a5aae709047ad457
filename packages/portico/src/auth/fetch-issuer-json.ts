import { PorticoError } from '../core/portico-error.js'

/** Options of {@link fetchIssuerJson}. */
export interface FetchIssuerJsonOptions {
  fetch: typeof fetch
  /** Longest the request may take, headers and body. */
  timeoutMs: number
  /** Start of the error message, e.g. "The issuer's signing keys are unavailable". */
  failure: string
}

/**
 * GETs one JSON document of the issuer (discovery document, JWKS). Any failure, from the
 * network to a body that is not JSON, rejects with `PorticoError('unavailable')` whose message
 * is `failure` and a short reason: never a URL or a body, which callers may be shown.
 *
 * @example
 * import { fetchIssuerJson } from './fetch-issuer-json.js'
 * const jwks = await fetchIssuerJson(uri, { fetch, timeoutMs: 5000, failure: 'No keys' })
 */
export async function fetchIssuerJson(
  url: string,
  options: FetchIssuerJsonOptions,
): Promise<unknown> {
  const unavailable = (why: string, cause?: unknown): PorticoError =>
    new PorticoError('unavailable', `${options.failure} (${why})`, { cause })
  const signal = AbortSignal.timeout(options.timeoutMs)
  let response: Response
  try {
    response = await options.fetch(url, { headers: { accept: 'application/json' }, signal })
  } catch (cause) {
    throw unavailable('request failed', cause)
  }
  if (response.status !== 200) {
    // Release the connection: an unread body keeps it busy.
    await response.body?.cancel().catch(() => {})
    throw unavailable(`HTTP ${response.status}`)
  }
  try {
    return await response.json()
  } catch (cause) {
    // The same signal aborts a body that never ends.
    throw unavailable(signal.aborted ? 'request failed' : 'not JSON', cause)
  }
}
