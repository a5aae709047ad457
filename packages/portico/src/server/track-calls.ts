import type { OutgoingHttpHeader, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { createLinkedSet } from './create-linked-set.js'

/**
 * How long a stopping server keeps its idle keep-alive connections open (the lame-duck phase):
 * long enough for a request a proxy already sent on one to arrive and be answered, with
 * `Connection: close`, rather than meet a closed connection.
 */
const LAME_DUCK_MS = 500

/** How a server finishes: see {@link trackCalls}. */
export interface CallTracker {
  /**
   * Stops taking connections and ends the open event streams at once. Then a lame-duck phase:
   * every request, under way or still arriving on a kept-alive connection, is answered with
   * `Connection: close`, and idle connections stay open for {@link LAME_DUCK_MS} (or `graceMs`
   * if shorter). Once that is over and the requests under way have finished, or after `graceMs`
   * at the latest, closes every connection left. Resolves with how many requests were cut.
   */
  shutdown(graceMs: number): Promise<number>
}

/**
 * Tracks the requests a `node:http` server is answering, for a graceful shutdown. An open `GET`
 * event stream (an MCP session's standalone stream) is not waited for: it has no end of its
 * own, so the shutdown ends it, and its client resumes elsewhere.
 */
export function trackCalls(server: Server): CallTracker {
  // Linked, not a Set: one entry in and out per request grew a Set's table in the old space.
  const active = createLinkedSet<ServerResponse>()
  const streams = new WeakSet<ServerResponse>()
  let draining = false
  let settled: (() => void) | undefined
  const pending = () => {
    let count = 0
    for (const response of active) if (!streams.has(response)) count += 1
    return count
  }
  function closed(this: ServerResponse) {
    active.delete(this)
    if (draining && pending() === 0) settled?.()
  }
  server.prependListener('request', (request, response: ServerResponse) => {
    // A request that came on a kept-alive connection during the drain is the connection's last.
    if (draining) response.shouldKeepAlive = false
    active.add(response)
    if (request.method === 'GET') {
      noteEventStream(response, () => {
        streams.add(response)
        if (draining) endStream(response)
      })
    }
    // `on` with one shared listener: a response closes once, and `once` wraps each in a closure.
    response.on('close', closed)
  })
  return {
    async shutdown(graceMs) {
      draining = true
      const closed = stopListening(server)
      for (const response of active) {
        if (streams.has(response)) endStream(response)
        // Not answered yet: its answer closes the connection, whatever the request asked.
        else if (!response.headersSent) response.shouldKeepAlive = false
      }
      const finished = new Promise<void>((done) => {
        settled = done
        if (pending() === 0) done()
      })
      const lameDuck = delay(Math.min(LAME_DUCK_MS, graceMs))
      await Promise.race([
        // Every connection closed by itself: nothing more can arrive.
        closed,
        Promise.all([finished, lameDuck]),
        delay(graceMs),
      ])
      const cut = pending()
      server.closeAllConnections()
      await closed
      return cut
    },
  }
}

/**
 * Stops listening, leaving the open connections be; resolves once the last one has closed.
 * (`http.Server#close` would also close the idle keep-alive connections at once, even one whose
 * next request is already on its way.)
 */
function stopListening(server: Server): Promise<void> {
  return new Promise((done) => {
    NetServer.prototype.close.call(server, () => done())
  })
}

/** Ends an event stream at once: its client sees a clean end, and resumes with `Last-Event-ID`. */
function endStream(response: ServerResponse): void {
  if (response.writableEnded) return
  const { socket } = response
  // The connection goes with it: whatever comes next goes to a server that stays.
  response.end(() => socket?.end())
}

/**
 * Calls `found` when the response's head says `text/event-stream`. The adapter passes its
 * headers to `writeHead` (which keeps no copy for `getHeader`), so the head is read there.
 */
function noteEventStream(response: ServerResponse, found: () => void): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.find((arg) => typeof arg === 'object' && arg !== null)
    const type =
      contentType(headers as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined) ??
      this.getHeader('content-type')
    const written = Reflect.apply(writeHead, this, args) as ServerResponse
    if (typeof type === 'string' && type.startsWith('text/event-stream')) found()
    return written
  } as ServerResponse['writeHead']
}

function contentType(
  headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined,
): OutgoingHttpHeader | undefined {
  if (!headers) return undefined
  if (Array.isArray(headers)) {
    // `[name, value, name, value, ...]` or `[[name, value], ...]`.
    const pairs = Array.isArray(headers[0])
      ? (headers as unknown as string[][])
      : Array.from({ length: headers.length / 2 }, (_, i) => [headers[2 * i], headers[2 * i + 1]])
    const pair = pairs.find(([name]) => String(name).toLowerCase() === 'content-type')
    return pair?.[1] as OutgoingHttpHeader | undefined
  }
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'content-type') return value
  }
  return undefined
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms).unref())
}
