import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** How long a draining worker waits for its clients' keep-alive connections to close. */
const drainLimitMs = 10_000

/**
 * Tracks the connections of a server that does not listen itself, and returns how to stop it:
 * `drain` answers the requests under way and any that still arrive, each with
 * `Connection: close`, and resolves once every connection has closed (idle keep-alive ones close
 * at the server's keep-alive timeout, which clients know from the `Keep-Alive` header, so none is
 * cut while a request is on its way); `drop` closes all at once.
 */
export function drainConnections(server: Server): { drain(): Promise<void>; drop(): void } {
  const sockets = new Set<Socket>()
  let draining = false
  let drained: (() => void) | undefined
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => {
      sockets.delete(socket)
      if (draining && sockets.size === 0) drained?.()
    })
  })
  server.prependListener('request', (_request, response) => {
    if (draining) response.shouldKeepAlive = false
  })
  return {
    drain() {
      draining = true
      if (sockets.size === 0) return Promise.resolve()
      return new Promise<void>((done) => {
        drained = done
        setTimeout(done, drainLimitMs).unref()
      })
    },
    drop() {
      for (const socket of sockets) socket.destroy()
    },
  }
}
