import {
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import { jsonRpcErrorResponse } from './json-rpc-error.js'

/**
 * Serves one request of the initialize-based 2025 revisions statelessly: a fresh server and
 * transport answer it and are dropped, so any replica can take the next one. The answer is a
 * plain JSON body whenever the client accepts JSON (the SDK's built-in fallback always streams,
 * which costs clients and proxies more), and an SSE stream when it accepts only that. A
 * stateless server has no session to open or end, so GET and DELETE are 405.
 */
export async function serveLegacyRequest(
  request: Request,
  createServer: () => McpServer,
  maxRequestBodySize: number,
  parsedBody: unknown,
): Promise<Response> {
  if (request.method === 'GET' || request.method === 'DELETE') {
    return jsonRpcErrorResponse(405, -32000, 'Method not allowed: this server is stateless', {
      allow: 'POST, OPTIONS',
    })
  }
  const accept = request.headers.get('accept') ?? ''
  const acceptsJson = accept === '' || /application\/json|\*\/\*/i.test(accept)
  const acceptsSse = /text\/event-stream/i.test(accept)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: acceptsJson,
    maxRequestBodySize,
  })
  const server = createServer()
  await server.connect(transport)
  // Neither type acceptable: the transport answers 406 itself.
  const response = await transport.handleRequest(
    acceptsJson || acceptsSse
      ? withBothAccepted(request, acceptsJson && acceptsSse, parsedBody !== undefined)
      : request,
    parsedBody === undefined ? undefined : { parsedBody },
  )
  // A JSON answer is complete here; a stream ends, and lets go of the server, by itself.
  if (acceptsJson) await server.close()
  return response
}

/**
 * The SDK transport insists that `Accept` names both types, whichever one it answers with; the
 * choice above was made from what the client really accepts.
 */
function withBothAccepted(request: Request, alreadyBoth: boolean, bodyRead: boolean): Request {
  if (alreadyBoth) return request
  const headers = new Headers(request.headers)
  headers.set('accept', 'application/json, text/event-stream')
  // A body already read travels as parsedBody; the copy must not try to take it again.
  if (bodyRead) return new Request(request.url, { method: request.method, headers })
  return new Request(request, { headers, duplex: 'half' } as RequestInit)
}
