import type { Server } from 'node:http'
import type { ResolvedConfig } from '../config/config-types.js'

/**
 * Applies `limits.headersTimeoutMs` and `requestTimeoutMs` to the server of `portico dev`'s
 * worker, as `portico start` passes them to `startNodeServer`: past either, 408 and the
 * connection closes. That server never listens (the supervisor hands it its connections), and
 * Node checks the timeouts only on a server that emitted `listening`, so this emits it once.
 * A reload sets the new values, which Node reads at each check.
 */
export function applyRequestTimeouts(server: Server, limits: ResolvedConfig['limits']): void {
  server.headersTimeout = limits.headersTimeoutMs
  server.requestTimeout = limits.requestTimeoutMs
  if (checking.has(server)) return
  checking.add(server)
  // As `createNodeServer` sets it for `portico start`: how late a slow client is cut off.
  ;(server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 2))
  server.emit('listening')
}

const checking = new WeakSet<Server>()
