import { respond, withCors } from './cors.js'

const jsonHeaders = withCors({ 'content-type': 'application/json; charset=utf-8' })

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
