import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { logRequest } from '../core/logger.js'
import type { NodeEdge } from './create-node-rest-edge.js'

/** Options of {@link startNodeServer}. */
export interface NodeServerOptions {
  fetch: (request: Request) => Response | Promise<Response>
  /** Answers some requests on `node:http` directly (the REST hot path); the rest go to `fetch`. */
  edge?: NodeEdge
  port: number
  host: string
  /** Logs a line per request (what `portico dev` does). */
  logRequests?: boolean
}

/** A listening server: its URL and how to stop it. */
export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Serves a Fetch-API handler on Node, behind an optional Node edge. Rejects with a readable
 * message when the port is taken.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const listener = getRequestListener(options.fetch)
  const { edge } = options
  const serve: RequestListener = edge
    ? (request, response) => edge(request, response) || listener(request, response)
    : listener
  const server = createServer(options.logRequests ? withRequestLog(serve) : serve)
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${options.host} is in use: set PORT or pass --port`)
          : error,
      )
    })
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo
      const shownHost = ['127.0.0.1', '::1', '::', '0.0.0.0'].includes(options.host)
        ? 'localhost'
        : options.host
      resolve({
        url: `http://${shownHost}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}

/** A line per request once its answer is sent: method, path without the query, status, time. */
function withRequestLog(serve: RequestListener): RequestListener {
  return (request, response) => {
    const started = performance.now()
    response.once('finish', () =>
      logRequest({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0] ?? '',
        status: response.statusCode,
        ms: Math.round(performance.now() - started),
      }),
    )
    serve(request, response)
  }
}
