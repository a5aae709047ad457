import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Answers one request for a path of the {@link DocumentServer}. */
export type DocumentHandler = (request: IncomingMessage, response: ServerResponse) => void

/** An http server on 127.0.0.1 that hosts client metadata documents (good and bad ones). */
export interface DocumentServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** How many requests each path received. */
  readonly hits: Map<string, number>
  /** Serves `path` with `handler` from now on. */
  route(path: string, handler: DocumentHandler): string
  /** Serves `document` as JSON at `path`; returns its URL. */
  json(path: string, document: unknown, headers?: Record<string, string>): string
  close(): Promise<void>
}

/** Starts a {@link DocumentServer} on an ephemeral port. */
export async function startDocumentServer(): Promise<DocumentServer> {
  const handlers = new Map<string, DocumentHandler>()
  const hits = new Map<string, number>()
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const handler = handlers.get(path)
    if (handler === undefined) response.writeHead(404).end()
    else handler(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const route = (path: string, handler: DocumentHandler): string => {
    handlers.set(path, handler)
    return `${origin}${path}`
  }
  return {
    origin,
    hits,
    route,
    json: (path, document, headers = {}) =>
      route(path, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', ...headers })
        response.end(JSON.stringify(document))
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
