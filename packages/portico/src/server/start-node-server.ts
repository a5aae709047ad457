import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'

/** Options of {@link startNodeServer}. */
export interface NodeServerOptions {
  fetch: (request: Request) => Response | Promise<Response>
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
 * Serves a Fetch-API handler on Node. Rejects with a readable message when the port is taken.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: options.fetch, port: options.port, hostname: options.host },
      (info: AddressInfo) => {
        const shownHost = ['127.0.0.1', '::1', '::', '0.0.0.0'].includes(options.host)
          ? 'localhost'
          : options.host
        resolve({
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done())
              if ('closeAllConnections' in server) server.closeAllConnections()
            }),
        })
      },
    )
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${options.host} is in use: set PORT or pass --port`)
          : error,
      )
    })
  })
}
