import type { RequestListener } from 'node:http'
import type { Attributes, Meter } from '@opentelemetry/api'
import { processCounts } from '../../core/process-counts.js'
import { installToolCallMeter } from '../../core/tool-call-meter.js'
import { targetPathOf } from '../../http/pathname-of.js'
import type { PluginModel } from '../../model/plugin-model.js'
import type { LoadStats } from '../shed-load.js'
import { createRouteOf, methodOf, type RouteOf } from './create-route-of.js'

/**
 * Seconds; the boundaries OpenTelemetry's HTTP semantic conventions advise for
 * `http.server.request.duration`.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]

/** One series of a route, method and status: its attributes made once, and its count. */
interface Series {
  /** `http.server.request.duration`'s, with the status code. */
  timed: Attributes
  /** The `portico.requests` series of its status class, shared by the codes of that class. */
  counted: { attributes: Attributes; count: number }
}

/** Requests under way, and event streams open, of one surface and method. */
interface Open {
  attributes: Attributes
  requests: number
  streams: number
}

/**
 * Wraps the server's listener so that each request counts, once answered, in
 * `http.server.request.duration` (a histogram, seconds, with the conventions' attributes plus
 * `portico.surface` and `portico.tool`) and `portico.requests` (by surface, tool and status
 * class), and while under way in `http.server.active_requests` and, for an event stream,
 * `portico.mcp.event_streams`. Attributes hold no path the client chose, no query, header,
 * token, input or result: only the plugin's own route and tool names.
 * Per request, one call into the SDK (the histogram's); the counts are plain integers kept
 * here, with their attribute objects made once per series, and read when scraped: each SDK
 * call hashes its attributes, and four of them per request cost about as much as the call.
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
  const requests = meter.createObservableCounter('portico.requests', {
    description: 'Requests answered, by surface, tool and status class',
    unit: '{request}',
  })
  const active = meter.createObservableUpDownCounter('http.server.active_requests', {
    description: 'Requests under way',
    unit: '{request}',
  })
  const streams = meter.createObservableUpDownCounter('portico.mcp.event_streams', {
    description: 'MCP event streams (GET /mcp) open',
    unit: '{stream}',
  })
  const routeOf = createRouteOf(model)
  const series = new Map<RouteOf, Map<string, Map<number, Series>>>()
  const counted = new Map<string, { attributes: Attributes; count: number }>()
  const open = new Map<string, Open>()
  const seriesOf = (routed: RouteOf, method: string, status: number): Series => {
    let byMethod = series.get(routed)
    if (!byMethod) {
      byMethod = new Map()
      series.set(routed, byMethod)
    }
    let byStatus = byMethod.get(method)
    if (!byStatus) {
      byStatus = new Map()
      byMethod.set(method, byStatus)
    }
    let found = byStatus.get(status)
    if (!found) {
      const named: Attributes = {
        'http.request.method': method,
        'portico.surface': routed.surface,
        ...(routed.route === undefined ? {} : { 'http.route': routed.route }),
        ...(routed.tool === undefined ? {} : { 'portico.tool': routed.tool }),
      }
      const statusClass = `${Math.floor(status / 100)}xx`
      const classKey = `${routed.surface} ${routed.route ?? ''} ${method} ${statusClass}`
      let ofClass = counted.get(classKey)
      if (!ofClass) {
        ofClass = { attributes: { ...named, 'portico.status_class': statusClass }, count: 0 }
        counted.set(classKey, ofClass)
      }
      found = { timed: { ...named, 'http.response.status_code': status }, counted: ofClass }
      byStatus.set(status, found)
    }
    return found
  }
  const openOf = (surface: string, method: string): Open => {
    const key = `${surface} ${method}`
    let found = open.get(key)
    if (!found) {
      found = {
        attributes: { 'http.request.method': method, 'portico.surface': surface },
        requests: 0,
        streams: 0,
      }
      open.set(key, found)
    }
    return found
  }
  meter.addBatchObservableCallback(
    (observer) => {
      for (const { attributes, count } of counted.values())
        observer.observe(requests, count, attributes)
      for (const { attributes, requests: under, streams: streaming } of open.values()) {
        observer.observe(active, under, attributes)
        if (attributes['portico.surface'] === 'mcp')
          observer.observe(streams, streaming, attributes)
      }
    },
    [requests, active, streams],
  )
  return (serve) => (request, response) => {
    const started = performance.now()
    const method = methodOf(request.method)
    const routed = routeOf(targetPathOf(request.url ?? ''))
    const under = openOf(routed.surface, method)
    const stream =
      routed.surface === 'mcp' &&
      method === 'GET' &&
      !!request.headers.accept?.includes('text/event-stream')
    under.requests += 1
    if (stream) under.streams += 1
    response.once('close', () => {
      under.requests -= 1
      if (stream) under.streams -= 1
      const answered = seriesOf(routed, method, response.statusCode)
      answered.counted.count += 1
      duration.record((performance.now() - started) / 1000, answered.timed)
    })
    serve(request, response)
  }
}

/**
 * Records every tool call, whatever its surface (REST, MCP, a task), in `portico.tool.duration`
 * (a histogram, seconds, by `portico.tool` and `portico.outcome`: `ok` or the error's kind): the
 * one metric that names the tool of an MCP `tools/call`, whose name is in the body. Returns how
 * to stop.
 */
export function measureToolCalls(meter: Meter): () => void {
  const duration = meter.createHistogram('portico.tool.duration', {
    description: 'Duration of tool calls, by tool and outcome',
    unit: 's',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  })
  // Attributes made once per tool and outcome: every value is a tool id or an error kind.
  const series = new Map<string, Attributes>()
  installToolCallMeter((toolId, seconds, outcome) => {
    const key = `${toolId} ${outcome}`
    let attributes = series.get(key)
    if (!attributes) {
      attributes = { 'portico.tool': toolId, 'portico.outcome': outcome }
      series.set(key, attributes)
    }
    duration.record(seconds, attributes)
  })
  return () => installToolCallMeter(undefined)
}

/** The statuses of a task under way; the others are ends. */
const TASKS_UNDER_WAY = new Set(['working', 'input_required'])

/**
 * Counts read when scraped: requests shed (`limits.eventLoopDelayMs`), MCP sessions open, Redis
 * errors, and the tasks this process runs, by status.
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
  const tasksUnderWay = meter.createObservableGauge('portico.tasks.active', {
    description: 'Tasks this process runs, by status (working, input_required)',
    unit: '{task}',
  })
  const tasksEnded = meter.createObservableCounter('portico.tasks.ended', {
    description: 'Tasks this process ran to an end, by status (completed, failed, cancelled)',
    unit: '{task}',
  })
  meter.addBatchObservableCallback(
    (observer) => {
      observer.observe(shed, load?.shed ?? 0)
      observer.observe(sessions, processCounts.mcpSessions)
      observer.observe(redisErrors, processCounts.redisErrors)
      for (const [status, count] of Object.entries(processCounts.tasks)) {
        const under = TASKS_UNDER_WAY.has(status)
        observer.observe(under ? tasksUnderWay : tasksEnded, count, {
          'portico.task.status': status,
        })
      }
    },
    [shed, sessions, redisErrors, tasksUnderWay, tasksEnded],
  )
}
