/**
 * What went wrong, as a stable literal. HTTP answers take each kind's status and title from one
 * table keyed by this union (`problemKinds` in `http/problem-response.ts`), so a new kind does
 * not compile until it has them. On MCP a tool's failure is an `isError: true` result
 * (`toToolErrorResult`); a prompt's or a resource read's is a protocol error chosen by its kind.
 */
export type PorticoErrorKind =
  | 'validation'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'bad_request'
  | 'request_timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'timeout'
  | 'execution'
  | 'unavailable'

/** One failing place in a validated value: a JSON Pointer (`/note/title`) and a message. */
export interface ErrorDetail {
  path: string
  message: string
}

/** Options of {@link PorticoError}. */
export interface PorticoErrorOptions {
  details?: ErrorDetail[]
  cause?: unknown
  /**
   * Whether the message may be shown to callers outside dev mode. Default true: a tool that
   * throws a `PorticoError` chose its words. Errors Portico wraps around unexpected failures set
   * it to false, since their messages may carry secrets.
   */
  expose?: boolean
}

/**
 * Marks Portico errors across copies of this module: a plugin may resolve its own copy of
 * `portico`, and `instanceof` fails across copies.
 */
const porticoErrorBrand = Symbol.for('portico.error')

/**
 * The one error base of Portico at run time: bad requests, failing tools, timeouts.
 *
 * @example
 * throw new PorticoError('not_found', 'No tool named Notes_nope')
 */
export class PorticoError extends Error {
  readonly kind: PorticoErrorKind
  readonly details: ErrorDetail[]
  readonly expose: boolean
  readonly [porticoErrorBrand] = true

  constructor(kind: PorticoErrorKind, message: string, options: PorticoErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'PorticoError'
    this.kind = kind
    this.details = options.details ?? []
    this.expose = options.expose ?? true
  }
}

/** True when `value` is a {@link PorticoError}, whichever copy of the module made it. */
export function isPorticoError(value: unknown): value is PorticoError {
  return (
    value instanceof PorticoError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as { [porticoErrorBrand]?: unknown })[porticoErrorBrand] === true)
  )
}
