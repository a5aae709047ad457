import type { IncomingMessage, ServerResponse } from 'node:http'
import { PorticoError } from '../core/portico-error.js'
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
      (error: unknown) => response.destroy(error instanceof Error ? error : undefined),
    )
    return true
  }
}

/** Collects a request body within the limit (413 beyond it, declared or counted). */
function readIncomingBody(request: IncomingMessage, limitBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
      request.resume()
      reject(tooLarge(limitBytes))
      return
    }
    const chunks: Buffer[] = []
    let total = 0
    request.on('data', (chunk: Buffer) => {
      total += chunk.byteLength
      if (total > limitBytes) {
        // Keep draining what the client still sends, but keep none of it.
        request.removeAllListeners('data')
        request.resume()
        reject(tooLarge(limitBytes))
        return
      }
      chunks.push(chunk)
    })
    request.once('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    )
    request.once('error', reject)
  })
}

function tooLarge(limitBytes: number): PorticoError {
  return new PorticoError('payload_too_large', `The body exceeds the limit of ${limitBytes} bytes`)
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}
