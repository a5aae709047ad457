import { isNotModified } from './conditional-request.js'
import { respond, withCors } from './cors.js'

/** A file as an answer: what every file route (documents, skills, public, widgets) serves. */
export interface FileAnswer {
  contentType: string
  /**
   * A strong validator of exactly these bytes; none for bytes made anew for each answer (a page
   * with a fresh nonce), which then never answers 304.
   */
  etag?: string
  size: number
  /** Modification time in ms, for `Last-Modified` and `If-Modified-Since`; none for generated files. */
  mtimeMs?: number
  cacheControl?: string
  /** Further headers (`Content-Disposition`, …). */
  headers?: Record<string, string>
  /** The bytes, or a stream opened only when a body is sent. */
  body: Uint8Array | (() => ReadableStream<Uint8Array>)
}

/**
 * The one answer of every file route: `ETag` and `Last-Modified` when known, `Cache-Control`,
 * `nosniff` and the content type; with an ETag, 304 to a matching `If-None-Match` (or, without
 * one, to an `If-Modified-Since` not before the file); no body to HEAD.
 */
export function serveFile(request: Request, file: FileAnswer): Response {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    ...(file.etag === undefined ? {} : { etag: file.etag }),
    ...(file.mtimeMs === undefined
      ? {}
      : { 'last-modified': new Date(file.mtimeMs).toUTCString() }),
    ...(file.cacheControl ? { 'cache-control': file.cacheControl } : {}),
    ...file.headers,
  }
  if (file.etag !== undefined && isNotModified(request.headers, file.etag, file.mtimeMs)) {
    return respond(null, 304, withCors(headers))
  }
  const full = withCors({
    ...headers,
    'content-type': file.contentType,
    'content-length': String(file.size),
  })
  if (request.method === 'HEAD' || file.size === 0) return respond(null, 200, full)
  const body = typeof file.body === 'function' ? file.body() : file.body
  return respond(body as BodyInit, 200, full)
}
