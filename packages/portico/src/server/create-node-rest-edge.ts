import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { logger } from '../core/logger.js'
import { requestIdOf } from '../core/request-id.js'
import { createOriginHeaders } from '../http/origin-headers.js'
import { targetPathOf, targetSearchOf } from '../http/pathname-of.js'
import { readIncomingBody } from '../http/read-body.js'
import { originOf } from '../http/request-origin.js'
import type { PluginModel } from '../model/plugin-model.js'
import { isResourcesTarget } from '../surfaces/rest/create-read-resource-route.js'
import type { ServingParts } from './create-serving-parts.js'
import { clientGoneSignal, incomingHeader } from './incoming-headers.js'
import { writeAnswerHead } from './write-answer-head.js'

/**
 * Serves a Node request directly and returns true, or returns false to leave it to the app;
 * an edge that took a request may still hand it on to `next` (the app) later.
 */
export type NodeEdge = (
  request: IncomingMessage,
  response: ServerResponse,
  next: RequestListener,
) => boolean

/**
 * The REST surface straight on `node:http`: the same REST call as the Fetch handler (one,
 * shared through {@link ServingParts}), without a `Request` or `Response` object in between,
 * for the route agents and programs hit hardest. Takes only `POST /api/...`; everything else
 * (preflights, 405s, documents, `/api/resources`) goes to the app.
 */
export function createNodeRestEdge(model: PluginModel, parts: ServingParts): NodeEdge {
  const { server } = model.config
  const { linkHost, restCall: call } = parts
  const originHeadersOf = createOriginHeaders(server)
  const { trustProxy } = server
  return (request, response) => {
    const url = request.url ?? ''
    if (request.method !== 'POST' || !url.startsWith('/api/') || isResourcesTarget(url))
      return false
    const { headers } = request
    const originHeaders = originHeadersOf?.(
      `http://${headers.host ?? 'localhost'}${url}`,
      'POST',
      (name) => headerValue(request, name),
    )
    // Merged by Node with the answer's own headers when it writes them.
    if (originHeaders)
      for (const [name, value] of Object.entries(originHeaders)) response.setHeader(name, value)
    // Made when the tool first reads `ctx.signal`; most never do.
    const disconnectSignal = clientGoneSignal(response)
    call({
      method: 'POST',
      pathname: targetPathOf(url),
      contentType: headers['content-type'] ?? null,
      contentEncoding: headers['content-encoding'],
      prefer: headerValue(request, 'prefer'),
      readBody: (limitBytes) => readIncomingBody(request, limitBytes),
      authorization: incomingHeader(request, 'authorization'),
      // Node joins repeated unknown headers with `, `, as Fetch does: the gate refuses a comma.
      dpop: headers.dpop === undefined ? null : String(headers.dpop),
      search: targetSearchOf(url),
      origin: () =>
        originOf(
          `http://${headers.host ?? 'localhost'}${url}`,
          (name) => headerValue(request, name),
          server,
          linkHost,
          request.socket.localPort,
        ),
      host: headers.host,
      forwardedHost: headerValue(request, 'x-forwarded-host'),
      requestOrigin: headers.origin,
      fetchSite: headerValue(request, 'sec-fetch-site'),
      signal: disconnectSignal,
      requestId: () => requestIdOf(request, (name) => headerValue(request, name), trustProxy),
    }).then(
      (answer) => {
        writeAnswerHead(response, answer.status, answer.headers, Buffer.byteLength(answer.body))
        response.end(answer.body)
      },
      (error: unknown) => {
        logger.error(`POST ${targetPathOf(url)} failed:`, error, {
          requestId: requestIdOf(request, (name) => headerValue(request, name), trustProxy),
        })
        response.destroy(error instanceof Error ? error : undefined)
      },
    )
    return true
  }
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}
