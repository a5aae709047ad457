import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Binds `server` to `host:port` and resolves with the bound port (the chosen one for port 0).
 * A port that is taken rejects with a message that says so, not a bare `EADDRINUSE`.
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `port ${port} is in use on ${host}: another Portico hub or another program listens there. Stop it, or start the hub on another port.`,
            { cause: error },
          ),
        )
      } else {
        reject(
          new Error(`The hub cannot listen on ${host}:${port}: ${error.message}`, { cause: error }),
        )
      }
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(port, host)
  })
}

/** Closes `server`, ending idle and open connections instead of waiting for them. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    server.closeAllConnections()
  })
}

/** The URL of a bound address: `http://host:port`, with brackets around an IPv6 host. */
export function boundUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
