import { PorticoError } from '../core/portico-error.js'

/**
 * The issuer's signing keys cannot be had (its JWKS or discovery document fails or does not
 * answer): kind `unavailable`, answered 503 with `Retry-After` rather than 401, so clients keep
 * tokens that are likely good. `retryAfterSeconds` is when the next fetch may be tried.
 */
export class KeysUnavailableError extends PorticoError {
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number, cause?: unknown) {
    super('unavailable', message, { cause })
    this.name = 'KeysUnavailableError'
    this.retryAfterSeconds = retryAfterSeconds
  }
}
