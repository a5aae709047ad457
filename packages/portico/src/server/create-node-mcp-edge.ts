import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger } from '../core/logger.js'
import { requestIdOf } from '../core/request-id.js'
import { createOriginHeaders } from '../http/origin-headers.js'
import { targetPathOf, targetSearchOf } from '../http/pathname-of.js'
import { readIncomingBody } from '../http/read-body.js'
import { originOf } from '../http/request-origin.js'
import type { PluginModel } from '../model/plugin-model.js'
import type { McpPostAnswer } from '../surfaces/mcp/mcp-routes.js'
import { handOverAdmission } from '../surfaces/mcp/wire/edge-admissions.js'
import type { McpAnswer } from '../surfaces/mcp/wire/mcp-answer.js'
import type { NodeEdge } from './create-node-rest-edge.js'
import type { ServingParts } from './create-serving-parts.js'
import { clientGoneSignal, incomingHeader } from './incoming-headers.js'
import { writeAnswerHead } from './write-answer-head.js'

/** `/mcp` or `/mcp/<server>` and a query; any other spelling (encoded, a slash more) is the app's. */
const MCP_PATH = /^\/mcp(?:\/([A-Za-z0-9_-]+))?(?:\?|$)/

/** A `Host` the URL parser takes as it is; anything else is the app's to refuse. */
const PLAIN_HOST = /^[A-Za-z0-9.:[\]-]+$/

/** A `node:http` request whose body the app's adapter takes as read (`@hono/node-server`). */
type ReadIncoming = IncomingMessage & { rawBody?: Buffer }

/**
 * The MCP hot path straight on `node:http`, as the REST edge is: a stateless `POST /mcp` or
 * `/mcp/<server>` goes through the route's own admission (Host and Origin, the token, `Accept`,
 * the body read and parsed once, scopes) and hot path (`McpPostAnswer`), without a `Request`,
 * a `Response` or Hono in between, and its answer is written in one piece. What the hot path
 * leaves (another method, a stream, a trace) goes on to the app, with the body already read
 * handed to the adapter as `rawBody` and the admission to the route (`handOverAdmission`), so
 * that nothing is read or checked twice. Absent `answer` (stateful sessions), it takes nothing.
 */
export function createNodeMcpEdge(
  model: PluginModel,
  parts: ServingParts,
  answer: McpPostAnswer | undefined,
): NodeEdge {
  if (!answer) return () => false
  const { server } = model.config
  const { linkHost } = parts
  const originHeadersOf = createOriginHeaders(server)
  const { trustProxy } = server
  return (request, response, next) => {
    if (request.method !== 'POST') return false
    const url = request.url ?? ''
    const path = MCP_PATH.exec(url)
    const { host } = request.headers
    if (!path || host === undefined || !PLAIN_HOST.test(host)) return false
    const header = (name: string) => incomingHeader(request, name)
    // The body's read, kept whole for the app if the request goes on to it: the hot path reads
    // it, and a `then` here would cost every request a turn of the microtask queue.
    let reading: Promise<Buffer> | undefined
    answer({
      server: path[1] ?? '',
      method: 'POST',
      header,
      pathname: targetPathOf(url),
      search: targetSearchOf(url),
      origin: () =>
        originOf(`http://${host}${url}`, header, server, linkHost, request.socket.localPort),
      readBody: (limitBytes) => {
        reading = readIncomingBody(request, limitBytes)
        return reading
      },
      signal: clientGoneSignal(response),
    }).then(
      (answered) => {
        if ('status' in answered) {
          const originHeaders = originHeadersOf?.(`http://${host}${url}`, 'POST', header)
          writeAnswer(response, answered, originHeaders)
          return
        }
        if (answered.admission) handOverAdmission(request, answered.admission)
        if (!reading) return next(request, response)
        // Settled already: the answer came after the body. One that failed to arrive whole was
        // answered (400, 408, 413) and never gets here.
        reading.then(
          (body) => {
            ;(request as ReadIncoming).rawBody = body
            next(request, response)
          },
          (error: unknown) => response.destroy(error instanceof Error ? error : undefined),
        )
      },
      (error: unknown) => {
        logger.error(`POST ${targetPathOf(url)} failed:`, error, {
          requestId: requestIdOf(request, header, trustProxy),
        })
        response.destroy(error instanceof Error ? error : undefined)
      },
    )
    return true
  }
}

/** Writes an answer in one `writev`: its length known (no chunked framing). */
function writeAnswer(
  response: ServerResponse,
  answer: McpAnswer,
  originHeaders: Record<string, string> | undefined,
): void {
  if (originHeaders)
    for (const [name, value] of Object.entries(originHeaders)) response.setHeader(name, value)
  const { body } = answer
  if (body === null || typeof body === 'string') {
    const length = body === null ? undefined : Buffer.byteLength(body)
    writeAnswerHead(response, answer.status, answer.headers, length)
    response.end(body ?? undefined)
    return
  }
  // The pieces of a large result, their length in the headers: sent as they are, not joined,
  // corked into one write (`end` uncorks).
  writeAnswerHead(response, answer.status, answer.headers)
  response.cork()
  for (const piece of body.slice(0, -1)) response.write(piece)
  response.end(body.at(-1))
}
