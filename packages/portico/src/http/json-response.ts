import { corsResponseHeaders, withCorsApplied } from './cors.js'

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', ...corsResponseHeaders }

/** A JSON answer with its CORS headers from birth, as a plain object the Node adapter writes directly. */
export function jsonResponse(text: string, status = 200): Response {
  return withCorsApplied(new Response(text, { status, headers: jsonHeaders }))
}
