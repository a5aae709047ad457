import { respond, withCors } from './cors.js'

/** The content type of every JSON document Portico serves. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

const jsonHeaders = withCors({ 'content-type': JSON_CONTENT_TYPE })

/** A JSON answer with its CORS headers from birth, as a plain object the Node adapter writes directly. */
export function jsonResponse(text: string, status = 200): Response {
  return respond(text, status, jsonHeaders)
}

/** A redirect (302 unless told), with any further headers (`Cache-Control`, …). */
export function redirectResponse(
  location: string,
  status = 302,
  headers: Record<string, string> = {},
): Response {
  return respond(null, status, withCors({ location, ...headers }))
}
