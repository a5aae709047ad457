import type { PorticoCaller } from '../../../core/plugin-context.js'
import type { AnswerMedia } from './negotiate-answer-media.js'

/**
 * A request header's value as Fetch's `Headers.get` reads it (repeated lines joined by `, `),
 * or `null`: how the parts of the MCP surface that both edges share read a request.
 */
export type HeaderOf = (name: string) => string | null

/** One POSTed MCP request, admitted and read by the route: what every leg is handed. */
export interface McpExchange {
  /** The MCP server it was sent to: `''` for `/mcp`, else the name of `/mcp/<name>`. */
  server: string
  request: Request
  /** The body, parsed once; `undefined` when it was not JSON (the SDK answers that). */
  parsedBody: unknown
  /** What the client's `Accept` allows: one JSON body, or an SSE stream. */
  media: AnswerMedia
  /** The token's caller, in the authenticated modes. */
  caller?: PorticoCaller | undefined
}

/**
 * One way of answering an MCP request (a stateful session, the hot path, the SDK): its answer,
 * or `undefined` when the next leg must answer. The route tries its legs in order; the last one
 * (the SDK's) answers everything.
 */
export type McpLeg = (exchange: McpExchange) => Response | undefined | Promise<Response | undefined>
