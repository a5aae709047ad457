import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo, Server as NetServer } from 'node:net'
import { logger, logRequest } from '../core/logger.js'
import { targetPathOf } from '../http/pathname-of.js'
import type { NodeEdge } from './create-node-rest-edge.js'
import { refuseAmbiguousRequest } from './refuse-ambiguous-request.js'
import { type LoadSheddingOptions, type LoadStats, loadStatsOf, shedLoad } from './shed-load.js'
import { trackCalls } from './track-calls.js'
import { answerAdapterError, answerClientError } from './unreadable-requests.js'

/** What answers: a Fetch-API handler behind an optional Node edge. */
export interface NodeHandlerOptions {
  /** The second argument is `@hono/node-server`'s bindings (`{ incoming, outgoing }`). */
  fetch: (request: Request, bindings?: unknown) => Response | Promise<Response>
  /**
   * Answers some requests on `node:http` directly (the REST and MCP hot paths); the rest go to
   * `fetch`.
   */
  edge?: NodeEdge
  /** Logs a line per request (what `portico dev` does). */
  logRequests?: boolean
  /**
   * How long a client may take to send a request: its headers, and the whole of it (the
   * config's `limits.headersTimeoutMs` and `limits.requestTimeoutMs`). Past either, Node answers
   * 408 and closes the connection, so a client trickling bytes holds it no longer. Default:
   * Node's own (60 s and 300 s).
   */
  timeouts?: RequestTimeouts
  /** Sheds load past an event-loop delay (`limits.eventLoopDelayMs`); see `shedLoad`. */
  shedding?: LoadSheddingOptions
  /**
   * Wraps the listener outermost, shed requests included (`measureRequests`, with metrics on);
   * absent, no request pays for metrics.
   */
  measure?: (serve: RequestListener) => RequestListener
}

/** See {@link NodeHandlerOptions.timeouts}. */
export interface RequestTimeouts {
  headersMs: number
  requestMs: number
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
  /** Closes every connection at once. */
  close(): Promise<void>
  /** Finishes the requests under way within `graceMs`, then closes (see `CallTracker`). */
  shutdown(graceMs: number): Promise<number>
  /** What load shedding did so far (with `shedding` only): the requests it refused. */
  load: LoadStats | undefined
}

/**
 * A `node:http` server for the handler that listens on nothing yet: `portico dev` feeds it the
 * connections its supervisor accepts, so the port survives a restart.
 */
export function createNodeServer(options: NodeHandlerOptions): Server {
  const listener = lazyAdapter(options.fetch)
  const { edge } = options
  const serve: RequestListener = (request, response) =>
    refuseAmbiguousRequest(request, response) ||
    edge?.(request, response, listener) ||
    listener(request, response)
  const shedder = options.shedding ? shedLoad(serve, options.shedding) : undefined
  const admit = shedder?.serve ?? serve
  const logged = options.logRequests ? withRequestLog(admit) : admit
  const handler = options.measure ? options.measure(logged) : logged
  const { timeouts } = options
  const server = createServer(
    {
      // Node would answer a request without `Host` with a bare 400; the adapter refuses it with
      // a problem document, as every other bad request (`answerAdapterError`).
      requireHostHeader: false,
      ...(timeouts
        ? {
            headersTimeout: timeouts.headersMs,
            requestTimeout: timeouts.requestMs,
            // Node checks both timeouts at this interval (30 s by default), so it bounds how
            // late a slow client is cut off.
            connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 2)),
          }
        : {}),
    },
    handler,
  )
  server.on('clientError', answerClientError)
  shedder?.attach(server)
  return server
}

/**
 * Serves a Fetch-API handler on Node, behind an optional Node edge. Rejects with a readable
 * message when the port is taken.
 */
export function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const server = createNodeServer(options)
  const calls = trackCalls(server)
  return listenOn(server, options.port, options.host).then((url) => ({
    url,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
    shutdown: (graceMs) => calls.shutdown(graceMs),
    load: loadStatsOf(server),
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

/**
 * The Fetch handler on `node:http` through `@hono/node-server`, imported with the first request
 * no edge answers: its import makes Node load its bundled undici (the global `Request` and
 * `Response`), about 25 ms of a cold start that a first REST or MCP call, answered on the edges,
 * does not need. A request waits for it only once; its body waits unread meanwhile.
 */
function lazyAdapter(fetch: NodeHandlerOptions['fetch']): RequestListener {
  let listener: RequestListener | undefined
  let loading: Promise<RequestListener> | undefined
  return (request, response) => {
    if (listener) {
      listener(request, response)
      return
    }
    loading ??= import('@hono/node-server').then(({ getRequestListener }) => {
      listener = getRequestListener(fetch, { errorHandler: answerAdapterError })
      return listener
    })
    loading.then(
      (serve) => serve(request, response),
      (error: unknown) => {
        // The next request tries again.
        loading = undefined
        logger.error('The Node adapter could not be loaded:', error)
        response.destroy(error instanceof Error ? error : undefined)
      },
    )
  }
}

/** A line per request once its answer is sent: method, path without the query, status, time. */
function withRequestLog(serve: RequestListener): RequestListener {
  return (request, response) => {
    const started = performance.now()
    response.once('finish', () =>
      logRequest({
        method: request.method ?? '',
        path: targetPathOf(request.url ?? ''),
        status: response.statusCode,
        ms: Math.round(performance.now() - started),
      }),
    )
    serve(request, response)
  }
}
