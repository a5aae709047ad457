import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { NodeEdge } from './create-node-rest-edge.js'

/** Options of {@link startNodeServer}. */
export interface NodeServerOptions {
  fetch: (request: Request) => Response | Promise<Response>
  /** Answers some requests on `node:http` directly (the REST hot path); the rest go to `fetch`. */
  edge?: NodeEdge
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
 * Serves a Fetch-API handler on Node, behind an optional Node edge. Rejects with a readable
 * message when the port is taken.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const listener = getRequestListener(options.fetch)
  const { edge } = options
  const server = createServer(
    edge ? (request, response) => edge(request, response) || listener(request, response) : listener,
  )
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
