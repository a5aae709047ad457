import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo, Server as NetServer } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { logRequest } from '../core/logger.js'
import type { NodeEdge } from './create-node-rest-edge.js'

/** What answers: a Fetch-API handler behind an optional Node edge. */
export interface NodeHandlerOptions {
  fetch: (request: Request) => Response | Promise<Response>
  /** Answers some requests on `node:http` directly (the REST hot path); the rest go to `fetch`. */
  edge?: NodeEdge
  /** Logs a line per request (what `portico dev` does). */
  logRequests?: boolean
}

/** Options of {@link startNodeServer}. */
export interface NodeServerOptions extends NodeHandlerOptions {
  port: number
  host: string
}

/** A listening server: its URL and how to stop it. */
export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * A `node:http` server for the handler that listens on nothing yet: `portico dev` feeds it the
 * connections its supervisor accepts, so the port survives a restart.
 */
export function createNodeServer(options: NodeHandlerOptions): Server {
  const listener = getRequestListener(options.fetch)
  const { edge } = options
  const serve: RequestListener = edge
    ? (request, response) => edge(request, response) || listener(request, response)
    : listener
  return createServer(options.logRequests ? withRequestLog(serve) : serve)
}

/**
 * Serves a Fetch-API handler on Node, behind an optional Node edge. Rejects with a readable
 * message when the port is taken.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const server = createNodeServer(options)
  return listenOn(server, options.port, options.host).then((url) => ({
    url,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }))
}

/**
 * Listens on `host:port` and resolves with the URL to show (loopback and any-interface shown as
 * `localhost`); a taken port rejects with what to do about it.
 */
export function listenOn(server: NetServer, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is in use: set PORT or pass --port`)
          : error,
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      const shownHost = ['127.0.0.1', '::1', '::', '0.0.0.0'].includes(host) ? 'localhost' : host
      resolve(`http://${shownHost}:${(server.address() as AddressInfo).port}`)
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
