import { withCors } from '../../../http/cors.js'
import { type McpAnswer, toResponse } from './mcp-answer.js'

const jsonHeaders = withCors({ 'content-type': 'application/json' })

/**
 * A JSON-RPC error without an id, as a transport answers what it cannot route: the one renderer
 * of the errors Portico's MCP endpoints answer themselves (the SDK renders its own).
 */
export function jsonRpcErrorAnswer(
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): McpAnswer {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })
  return { status, headers: headers ? withCors({ ...headers, ...jsonHeaders }) : jsonHeaders, body }
}

/** {@link jsonRpcErrorAnswer} as a Fetch `Response`. */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): Response {
  return toResponse(jsonRpcErrorAnswer(status, code, message, headers))
}
