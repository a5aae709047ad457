import { randomBytes } from 'node:crypto'
import { traceHooks } from './trace-hooks.js'

/**
 * What a proxy's `X-Request-Id` may hold to be taken: the usual UUIDs, hex and base64 ids,
 * nothing a log line or a JSON string would need to escape.
 */
const PROXY_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/

/** Request ids already given, by request (a `Request` or an `IncomingMessage`). */
const ofRequests = new WeakMap<object, string>()
/** The id of the request an error ended, by error: the answer quotes what the log line said. */
const ofErrors = new WeakMap<object, string>()

/** A fresh request id: 32 hex digits, as a trace id reads. */
export function newRequestId(): string {
  return randomBytes(16).toString('hex')
}

/**
 * The `X-Request-Id` a trusted proxy wrote (`server.trustProxy`), the last of the header's values
 * as with the forwarded headers; `undefined` when no proxy is trusted, none was sent, or it holds
 * more than an id should.
 */
export function proxyRequestId(
  header: string | null | undefined,
  trustProxy: boolean,
): string | undefined {
  if (!trustProxy || !header) return undefined
  const comma = header.lastIndexOf(',')
  const last = (comma === -1 ? header : header.slice(comma + 1)).trim()
  return PROXY_ID.test(last) ? last : undefined
}

/**
 * The id of one request, the same each time it is asked: a trusted proxy's `X-Request-Id`, else
 * the id of the trace it belongs to while tracing is on, else a new one. Made only when asked
 * (an error answer, a log line), so a request that goes well pays nothing for it.
 */
export function requestIdOf(
  request: object,
  header: (name: string) => string | null | undefined,
  trustProxy: boolean,
): string {
  let id = ofRequests.get(request)
  if (id === undefined) {
    id = idOfRequest(header, trustProxy)
    ofRequests.set(request, id)
  }
  return id
}

/**
 * {@link requestIdOf} of a request that is read through `header` alone (the MCP hot path, on
 * either edge): a function that makes the id when first called, and gives it again after.
 */
export function lazyRequestId(
  header: (name: string) => string | null | undefined,
  trustProxy: boolean,
): () => string {
  let id: string | undefined
  return () => {
    id ??= idOfRequest(header, trustProxy)
    return id
  }
}

/** The rule of {@link requestIdOf}: the proxy's id, the trace's, or a new one. */
function idOfRequest(
  header: (name: string) => string | null | undefined,
  trustProxy: boolean,
): string {
  return (
    proxyRequestId(header('x-request-id'), trustProxy) ??
    traceHooks()?.activeRequestId() ??
    newRequestId()
  )
}

/** {@link requestIdOf} of a Fetch `Request`, as the surfaces ask it. */
export function fetchRequestId(request: Request, trustProxy: boolean): string {
  return requestIdOf(request, (name) => request.headers.get(name), trustProxy)
}

/** Marks `error` as the end of request `id` (when it is an object). */
export function markRequestId(error: unknown, id: string): void {
  if (typeof error === 'object' && error !== null) ofErrors.set(error, id)
}

/** The request id {@link markRequestId} put on `error`, if any. */
export function requestIdOfError(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? ofErrors.get(error) : undefined
}
