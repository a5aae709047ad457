import { respond, withCors } from '../../../http/cors.js'

const jsonHeaders = withCors({ 'content-type': 'application/json' })

/**
 * A JSON-RPC error without an id, as a transport answers what it cannot route: the one renderer
 * of the errors Portico's MCP endpoints answer themselves (the SDK renders its own).
 */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): Response {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null })
  return respond(body, status, headers ? withCors({ ...headers, ...jsonHeaders }) : jsonHeaders)
}
