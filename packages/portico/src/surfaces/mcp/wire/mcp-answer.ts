import { type AnswerHeaders, respond } from '../../../http/cors.js'
import { streamOf } from '../../../http/prepared-bytes.js'

/**
 * An MCP answer without a stream, as plain data: what the hot path and the route's refusals
 * make once, and each edge writes its own way (the Fetch route as a `Response`, the `node:http`
 * edge straight to the socket; see `createNodeMcpEdge`).
 */
export interface McpAnswer {
  status: number
  headers: AnswerHeaders
  /**
   * One text; or the pieces of a large result, sent as they are (their `Content-Length` is in
   * `headers`); or none (a 202).
   */
  body: string | readonly Uint8Array[] | null
}

/** The answer as a Fetch `Response`, its CORS headers from birth. */
export function toResponse(answer: McpAnswer): Response {
  const { body } = answer
  return respond(
    typeof body === 'string' || body === null ? body : streamOf(body),
    answer.status,
    answer.headers,
  )
}
