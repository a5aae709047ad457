import type { Server, ServerResponse } from 'node:http'

/** How a server finishes: see {@link trackCalls}. */
export interface CallTracker {
  /**
   * Stops taking connections, lets the requests under way finish for up to `graceMs` (idle
   * connections close at once, busy ones after their answer), then closes every connection
   * left. Resolves with how many requests were cut.
   */
  shutdown(graceMs: number): Promise<number>
}

/**
 * Tracks the requests a `node:http` server is answering, for a graceful shutdown. An open `GET`
 * event stream (an MCP session's standalone stream) is not waited for: it has no end of its
 * own, and its client resumes elsewhere.
 */
export function trackCalls(server: Server): CallTracker {
  const active = new Set<ServerResponse>()
  let draining = false
  let settled: (() => void) | undefined
  const pending = () => {
    let count = 0
    for (const response of active) if (!isEventStream(response)) count += 1
    return count
  }
  server.prependListener('request', (_request, response: ServerResponse) => {
    // A request that came on a kept-alive connection during the drain is the connection's last.
    if (draining) response.shouldKeepAlive = false
    active.add(response)
    response.once('close', () => {
      active.delete(response)
      if (!draining) return
      server.closeIdleConnections()
      if (pending() === 0) settled?.()
    })
  })
  return {
    async shutdown(graceMs) {
      draining = true
      const closed = new Promise<void>((done) => server.close(() => done()))
      server.closeIdleConnections()
      if (pending() > 0) {
        await new Promise<void>((done) => {
          settled = done
          setTimeout(done, graceMs).unref()
        })
      }
      const cut = pending()
      server.closeAllConnections()
      await closed
      return cut
    },
  }
}

function isEventStream(response: ServerResponse): boolean {
  const type = response.getHeader('content-type')
  return (
    response.req.method === 'GET' &&
    typeof type === 'string' &&
    type.startsWith('text/event-stream')
  )
}
