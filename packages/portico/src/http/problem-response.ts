import {
  type ErrorDetail,
  isPorticoError,
  PorticoError,
  type PorticoErrorKind,
} from '../core/portico-error.js'
import { requestIdOfError } from '../core/request-id.js'
import { respond, withCors } from './cors.js'

/** An RFC 9457 problem document, as every error response of Portico carries it. */
export interface ProblemDocument {
  type: string
  title: string
  status: number
  detail: string
  /** Validation failures: JSON Pointer path and message of each. */
  errors?: ErrorDetail[]
  /** Dev mode only: the stack of an unexpected error. */
  stack?: string
  /**
   * An unexpected failure's request id, which the server's log line of it carries: what a user
   * quotes when asking what went wrong (a trusted proxy's `X-Request-Id`, the trace id, or one
   * made for the request).
   */
  requestId?: string
}

/** The media type of every error answer (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

/** Status and title of each error kind; `type` is a stable URN per kind. */
export const problemKinds: Record<PorticoErrorKind, { status: number; title: string }> = {
  bad_request: { status: 400, title: 'Bad request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation: { status: 422, title: 'Validation failed' },
  execution: { status: 500, title: 'Tool execution failed' },
  unavailable: { status: 503, title: 'Service unavailable' },
  timeout: { status: 504, title: 'Tool timed out' },
}

/** `urn:portico:problem:not_found`: stable, and not a URL anyone needs to serve. */
export function problemType(kind: PorticoErrorKind): string {
  return `urn:portico:problem:${kind}`
}

/** What a caller reads when the real message stays in the server log. */
export const GENERIC_EXECUTION_DETAIL = 'The tool failed. The server log has the details.'

/** Options of {@link toProblemDocument}. */
export interface ProblemOptions {
  /** Dev mode shows the message and stack of unexpected errors; production never does. */
  dev: boolean
  /** The request's id (`requestIdOf`); an error its log line marked keeps that line's. */
  requestId?: string
}

/**
 * Turns any thrown value into a problem document. A {@link PorticoError} keeps its message
 * unless it is marked not to expose it (outside dev mode); anything else is an opaque 500.
 */
export function toProblemDocument(error: unknown, options: ProblemOptions): ProblemDocument {
  const problem = describeProblem(error, options)
  const requestId = requestIdOfError(error) ?? options.requestId
  if (requestId !== undefined) problem.requestId = requestId
  return problem
}

function describeProblem(error: unknown, options: ProblemOptions): ProblemDocument {
  // A kind this copy does not know (thrown by another Portico version) reads as an execution error.
  if (isPorticoError(error) && error.kind in problemKinds) {
    const { status, title } = problemKinds[error.kind]
    const hideDetail = !error.expose && !options.dev
    const problem: ProblemDocument = {
      type: problemType(error.kind),
      title,
      status,
      detail: hideDetail ? GENERIC_EXECUTION_DETAIL : error.message,
    }
    if (error.details.length > 0) problem.errors = error.details
    const stack = stackOf(error.cause)
    if (options.dev && stack) problem.stack = stack
    return problem
  }
  const problem: ProblemDocument = {
    type: problemType('execution'),
    title: 'Internal server error',
    status: 500,
    detail: options.dev && error instanceof Error ? error.message : 'Unexpected server error.',
  }
  const stack = stackOf(error)
  if (options.dev && stack) problem.stack = stack
  return problem
}

/**
 * Renders a problem document as an `application/problem+json` response, with the CORS headers
 * every answer carries and any `extraHeaders` (`Allow`, …).
 */
export function problemResponse(
  problem: ProblemDocument,
  extraHeaders?: Record<string, string>,
): Response {
  const headers = withCors({ ...extraHeaders, 'content-type': PROBLEM_CONTENT_TYPE })
  return respond(JSON.stringify(problem), problem.status, headers)
}

/** The 404 of a path no route serves. */
export function notFoundResponse(request: Request, options: ProblemOptions): Response {
  const error = new PorticoError(
    'not_found',
    `Nothing at ${request.method} ${new URL(request.url).pathname}`,
  )
  return problemResponse(toProblemDocument(error, options))
}

function stackOf(value: unknown): string | undefined {
  return value instanceof Error ? value.stack : undefined
}
