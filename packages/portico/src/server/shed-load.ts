import type { RequestListener, Server, ServerResponse } from 'node:http'
import { withCors } from '../http/cors.js'
import { targetPathOf } from '../http/pathname-of.js'
import { PROBLEM_CONTENT_TYPE, problemKinds, problemType } from '../http/problem-response.js'
import { LIVENESS_PATH, READINESS_PATH } from '../surfaces/health/health-routes.js'
import { createLoadGauge } from './create-load-gauge.js'

/** Options of {@link shedLoad}: the config's `limits.eventLoopDelayMs`; 0 sheds nothing. */
export interface LoadSheddingOptions {
  maxEventLoopDelayMs: number
}

/** What the shedder did so far, for a later metrics endpoint to read. */
export interface LoadStats {
  /** Requests answered 503 because the event loop was too busy to start them soon. */
  shed: number
}

/** A listener behind {@link shedLoad}, and how it joins its server. */
export interface LoadShedder {
  serve: RequestListener
  /** Makes its counters readable with {@link loadStatsOf}, and stops its clock when `server` closes. */
  attach(server: Server): void
}

const statsOfServer = new WeakMap<Server, LoadStats>()

/** The counters of a server's load shedding, if it has one. */
export function loadStatsOf(server: Server): LoadStats | undefined {
  return statsOfServer.get(server)
}

/**
 * Whole seconds (RFC 9110 §10.2.3). One is the smallest the header can say, and a stall past the
 * threshold is a fraction of it: the queue that made it is gone by then, unless the load goes on.
 */
const RETRY_AFTER_SECONDS = 1

const shedHeaders = (contentType: string) =>
  withCors({
    'content-type': contentType,
    'retry-after': String(RETRY_AFTER_SECONDS),
    'cache-control': 'no-store',
  })
const problemHeaders = shedHeaders(PROBLEM_CONTENT_TYPE)
const jsonRpcHeaders = shedHeaders('application/json')
const unavailable = problemKinds.unavailable
const problemBody = (waitMs: number, max: number) =>
  JSON.stringify({
    type: problemType('unavailable'),
    title: unavailable.title,
    status: unavailable.status,
    detail: `The server is overloaded (a new request would wait ${waitMs} ms, over ${max} ms): retry later`,
  })
const jsonRpcBody = (waitMs: number, max: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    error: {
      code: -32000,
      message: `Service Unavailable: the server is overloaded (a new request would wait ${waitMs} ms, over ${max} ms); retry later`,
    },
    id: null,
  })
const livenessBody = JSON.stringify({ status: 'ok' })
const livenessHeaders = withCors({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
})

/**
 * Sheds load on `node:http`, before any other work on a request: when a new request would wait
 * longer than `maxEventLoopDelayMs` for the event loop (see `createLoadGauge`), it is answered
 * 503 with `Retry-After` (a problem document, or a JSON-RPC error on `/mcp`) and never reaches
 * the app. Requests already admitted run to their end. `GET /healthz` is answered here, at once
 * and never shed, and `/readyz` is never shed, so a probe under load learns the truth as soon as
 * the process reads it.
 */
export function shedLoad(serve: RequestListener, options: LoadSheddingOptions): LoadShedder {
  const max = options.maxEventLoopDelayMs
  const stats: LoadStats = { shed: 0 }
  // The tick bounds the error of the reading: a tenth of the threshold, within 5-50 ms.
  const gauge =
    max > 0 ? createLoadGauge(Math.min(50, Math.max(5, Math.round(max / 10)))) : undefined
  return {
    attach(server) {
      statsOfServer.set(server, stats)
      server.once('close', () => gauge?.stop())
    },
    serve(request, response) {
      const pathname = targetPathOf(request.url ?? '')
      if (pathname === LIVENESS_PATH && request.method === 'GET') {
        response.writeHead(200, livenessHeaders).end(livenessBody)
        return
      }
      if (!gauge || pathname === READINESS_PATH) return serve(request, response)
      const wait = gauge.waitMs()
      if (wait > max) {
        stats.shed += 1
        return refuse(pathname, response, Math.round(wait), max)
      }
      // An event stream stays open for as long as its client likes, costing the loop nothing
      // meanwhile: it is not a call in the queue (`limits.mcpStreams` caps those). So is a
      // 2026-07-28 `subscriptions/listen`, a POST that its `Mcp-Method` header names.
      const stream =
        (request.method === 'GET' && request.headers.accept?.includes('text/event-stream')) ||
        request.headers['mcp-method'] === 'subscriptions/listen'
      if (!stream) gauge.admit(response)
      serve(request, response)
    },
  }
}

function refuse(pathname: string, response: ServerResponse, waitMs: number, max: number): void {
  // The JSON-RPC endpoints, not their `.json` mirrors (documents, answered as such).
  const mcp = pathname === '/mcp' || (pathname.startsWith('/mcp/') && !pathname.endsWith('.json'))
  const body = mcp ? jsonRpcBody(waitMs, max) : problemBody(waitMs, max)
  response.writeHead(unavailable.status, {
    ...(mcp ? jsonRpcHeaders : problemHeaders),
    'content-length': String(Buffer.byteLength(body)),
  })
  response.end(body)
}
