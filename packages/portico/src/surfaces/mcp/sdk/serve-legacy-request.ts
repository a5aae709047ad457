import {
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import type { AnswerMedia } from '../wire/negotiate-answer-media.js'
import { refuseBatch } from '../wire/refuse-batch.js'
import { withBothAccepted } from '../wire/with-both-accepted.js'

/** Options of {@link serveLegacyRequest}. */
export interface LegacyRequestOptions {
  maxRequestBodySize: number
  /** What the client's `Accept` allows (the route has refused a client that takes neither). */
  media: AnswerMedia
  /** The body, when the route has read it. */
  parsedBody: unknown
}

/**
 * Serves one POSTed request of the initialize-based 2025 revisions statelessly: a fresh server
 * and transport answer it and are dropped, so any replica can take the next one. The answer is
 * a plain JSON body whenever the client accepts JSON (the SDK's built-in fallback always
 * streams, which costs clients and proxies more), and an SSE stream when it accepts only that.
 * A JSON-RPC batch is answered with a batch in 2025-03-26, the one revision that has them (and
 * without a version header, which the transports let a server take for that one), and refused
 * in the others.
 */
export async function serveLegacyRequest(
  request: Request,
  createServer: () => McpServer,
  options: LegacyRequestOptions,
): Promise<Response> {
  const { media, parsedBody } = options
  const refused = refuseBatch(request, parsedBody)
  if (refused) return refused
  const batch = Array.isArray(parsedBody)
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: media === 'json',
    maxRequestBodySize: options.maxRequestBodySize,
  })
  const server = createServer()
  await server.connect(transport)
  const response = await transport.handleRequest(
    withBothAccepted(request, parsedBody !== undefined),
    parsedBody === undefined ? undefined : { parsedBody },
  )
  // A stream ends, and lets go of the server, by itself.
  if (media === 'sse') return response
  await server.close()
  return batch ? asBatchAnswer(response) : response
}

/**
 * A batch's JSON answer as a batch: the SDK transport unwraps the answers of a batch that holds
 * one request into a lone object, where JSON-RPC answers an array with an array.
 */
async function asBatchAnswer(response: Response): Promise<Response> {
  if (response.status !== 200 || response.headers.get('content-type') !== 'application/json') {
    return response
  }
  const json = await response.text()
  return new Response(json.startsWith('[') ? json : `[${json}]`, {
    status: response.status,
    headers: response.headers,
  })
}
