import type { RequestListener } from 'node:http'
import type { Attributes, Meter } from '@opentelemetry/api'
import { processCounts } from '../../core/process-counts.js'
import type { PluginModel } from '../../model/plugin-model.js'
import type { LoadStats } from '../shed-load.js'
import { createRouteOf, methodOf } from './create-route-of.js'

/**
 * Seconds; the boundaries OpenTelemetry's HTTP semantic conventions advise for
 * `http.server.request.duration`.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

/**
 * Wraps the server's listener so that each request counts, once answered, in
 * `http.server.request.duration` (a histogram, seconds, with the conventions' attributes plus
 * `portico.surface` and `portico.tool`) and `portico.requests` (by surface, tool and status
 * class), and while under way in `http.server.active_requests` and, for an event stream,
 * `portico.mcp.event_streams`. Attributes hold no path the client chose, no query, header,
 * token, input or result: only the plugin's own route and tool names.
 */
export function measureRequests(
  meter: Meter,
  model: PluginModel,
): (serve: RequestListener) => RequestListener {
  const duration = meter.createHistogram('http.server.request.duration', {
    description: 'Duration of HTTP server requests',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  })
  const requests = meter.createCounter('portico.requests', {
    description: 'Requests answered, by surface, tool and status class',
    unit: '{request}',
  })
  const active = meter.createUpDownCounter('http.server.active_requests', {
    description: 'Requests under way',
    unit: '{request}',
  })
  const streams = meter.createUpDownCounter('portico.mcp.event_streams', {
    description: 'MCP event streams (GET /mcp) open',
    unit: '{stream}',
  })
  const routeOf = createRouteOf(model)
  return (serve) => (request, response) => {
    const started = performance.now()
    const method = methodOf(request.method)
    const url = request.url ?? ''
    const query = url.indexOf('?')
    const { surface, route, tool } = routeOf(query === -1 ? url : url.slice(0, query))
    const base: Attributes = { 'http.request.method': method, 'portico.surface': surface }
    const stream =
      surface === 'mcp' &&
      method === 'GET' &&
      !!request.headers.accept?.includes('text/event-stream')
    active.add(1, base)
    if (stream) streams.add(1, base)
    response.once('close', () => {
      active.add(-1, base)
      if (stream) streams.add(-1, base)
      const status = response.statusCode
      const named: Attributes = {
        ...base,
        ...(route === undefined ? {} : { 'http.route': route }),
        ...(tool === undefined ? {} : { 'portico.tool': tool }),
      }
      duration.record((performance.now() - started) / 1000, {
        ...named,
        'http.response.status_code': status,
      })
      requests.add(1, { ...named, 'portico.status_class': `${Math.floor(status / 100)}xx` })
    })
    serve(request, response)
  }
}

/**
 * Counts read when scraped: requests shed (`limits.eventLoopDelayMs`), MCP sessions open, Redis
 * errors.
 */
export function observeProcessCounts(meter: Meter, load: LoadStats | undefined): void {
  const shed = meter.createObservableCounter('portico.requests.shed', {
    description: 'Requests answered 503 because the event loop was too busy',
    unit: '{request}',
  })
  const sessions = meter.createObservableGauge('portico.mcp.sessions', {
    description: 'Stateful MCP sessions open',
    unit: '{session}',
  })
  const redisErrors = meter.createObservableCounter('portico.redis.errors', {
    description: 'Errors reported by the Redis clients',
    unit: '{error}',
  })
  meter.addBatchObservableCallback(
    (observer) => {
      observer.observe(shed, load?.shed ?? 0)
      observer.observe(sessions, processCounts.mcpSessions)
      observer.observe(redisErrors, processCounts.redisErrors)
    },
    [shed, sessions, redisErrors],
  )
}
