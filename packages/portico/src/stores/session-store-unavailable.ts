import { isPorticoError, PorticoError } from '../core/portico-error.js'

/** What callers are told: the store's own words (Redis' error text, say) stay in `cause`. */
const MESSAGE = 'The session store did not answer in time or refused the write'

/**
 * The one failure of a shared session store, as a value: `PorticoError` of kind `unavailable`,
 * not exposed, whatever went wrong below (a connection lost, a command that timed out, Redis
 * out of memory). The MCP sessions answer it with 503 and `Retry-After`.
 */
export function sessionStoreUnavailable(cause: unknown): PorticoError {
  return new PorticoError('unavailable', MESSAGE, { cause, expose: false })
}

/**
 * Whether `error` says a shared store cannot serve now: {@link sessionStoreUnavailable}'s, or any
 * `PorticoError` of kind `unavailable` a host's own store rejects with.
 */
export function isStoreUnavailable(error: unknown): error is PorticoError {
  return isPorticoError(error) && error.kind === 'unavailable'
}
