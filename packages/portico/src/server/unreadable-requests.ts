import type { Duplex } from 'node:stream'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import { newRequestId } from '../core/request-id.js'
import {
  PROBLEM_CONTENT_TYPE,
  type ProblemDocument,
  problemKinds,
  problemResponse,
  problemType,
  toProblemDocument,
} from '../http/problem-response.js'

/** How Node names what it could not read of a request, and the answer each gets. */
const CLIENT_ERRORS: Record<string, ProblemDocument> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    type: problemType('request_timeout'),
    ...problemKinds.request_timeout,
    detail: 'The request did not arrive in time: send it whole, at once',
  },
  HPE_HEADER_OVERFLOW: {
    type: 'urn:portico:problem:headers_too_large',
    title: 'Request header fields too large',
    status: 431,
    detail: 'The request headers are larger than this server reads',
  },
}

/**
 * Answers, on the bare socket, a request Node's parser refused (malformed request line, header
 * or framing), or one that did not arrive within `limits.headersTimeoutMs` or
 * `requestTimeoutMs`: a problem document as every other error, then the connection closes.
 * Node's own answer would be a status line with no body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Nothing to say to a client that left, or in the middle of an answer already under way.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const problem = (error.code ? CLIENT_ERRORS[error.code] : undefined) ?? {
    type: 'urn:portico:problem:bad_request',
    title: 'Bad request',
    status: 400,
    detail: `The request is not valid HTTP/1.1${error.code ? ` (${error.code})` : ''}`,
  }
  const body = JSON.stringify(problem)
  socket.end(
    [
      `HTTP/1.1 ${problem.status} ${problem.title}`,
      `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
}

/**
 * The answer to what the Node adapter could not turn into a `Request` (a backslash in the path,
 * an invalid `Host`): a 400 problem naming why. Anything else that reaches here escaped the app's
 * own error handling: logged, and an opaque 500 quoting the line's request id, made for it.
 */
export function answerAdapterError(error: unknown): Response {
  // `@hono/node-server`'s `RequestError`, by name: the adapter is imported lazily (see `lazyAdapter`).
  if (error instanceof Error && error.name === 'RequestError') {
    return problemResponse(
      toProblemDocument(new PorticoError('bad_request', error.message), { dev: false }),
    )
  }
  const requestId = newRequestId()
  logger.error('A request failed outside the app:', error, { requestId })
  return problemResponse(toProblemDocument(error, { dev: false, requestId }))
}
