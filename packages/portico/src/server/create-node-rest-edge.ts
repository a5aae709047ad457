import type { IncomingMessage, ServerResponse } from 'node:http'
import { logger } from '../core/logger.js'
import { readIncomingBody } from '../http/read-body.js'
import { originOf } from '../http/request-origin.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import { createRestCall, type RestCallOptions } from '../surfaces/rest/create-rest-call.js'

/** Serves a Node request directly and returns true, or returns false to leave it to the app. */
export type NodeEdge = (request: IncomingMessage, response: ServerResponse) => boolean

/**
 * The REST surface straight on `node:http`: the same REST call as the Fetch handler, without a
 * `Request` or `Response` object in between, for the route agents and programs hit hardest.
 * Takes only `POST /api/...`; everything else (preflights, 405s, documents) goes to the app.
 */
export function createNodeRestEdge(runtime: ToolRuntime, options: RestCallOptions): NodeEdge {
  const call = createRestCall(runtime, options)
  return (request, response) => {
    const url = request.url ?? ''
    if (request.method !== 'POST' || !url.startsWith('/api/')) return false
    const query = url.indexOf('?')
    call({
      method: 'POST',
      pathname: query === -1 ? url : url.slice(0, query),
      contentType: request.headers['content-type'] ?? null,
      readBody: (limitBytes) => readIncomingBody(request, limitBytes),
      authorization: request.headers.authorization ?? null,
      search: query === -1 ? '' : url.slice(query),
      origin: () =>
        originOf(
          `http://${request.headers.host ?? 'localhost'}${url}`,
          (name) => headerValue(request, name),
          runtime.model.config.server,
        ),
    }).then(
      (answer) => {
        response.writeHead(answer.status, answer.headers)
        response.end(answer.body)
      },
      (error: unknown) => {
        logger.error(`POST ${url.split('?')[0]} failed:`, error)
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
