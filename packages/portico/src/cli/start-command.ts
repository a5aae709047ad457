import type { RequestListener } from 'node:http'
import { logger, setLogFormat } from '../core/logger.js'
import type { PluginModel } from '../model/plugin-model.js'
import { prepareBuiltPlugin } from '../server/create-fetch-handler.js'
import {
  measureRequests,
  measureToolCalls,
  observeProcessCounts,
} from '../server/metrics/measure-requests.js'
import {
  isMetricsExportAsked,
  type MetricsEndpoint,
  startMetricsEndpoint,
} from '../server/metrics/start-metrics-endpoint.js'
import { servingLimits } from '../server/serving-limits.js'
import { startNodeServer } from '../server/start-node-server.js'
import { startTracing } from '../server/tracing/start-tracing.js'
import { exitOnUncaughtException } from './exit-on-uncaught-exception.js'
import { type ListenOptions, portOf } from './listen-options.js'
import { logFormatFromEnvironment } from './log-format-from-environment.js'
import { logStrayRejections } from './log-stray-rejections.js'
import { printUrls } from './print-urls.js'
import { stopOnSignals } from './stop-on-signals.js'

/** `portico start [dir]`: serves what `portico build` wrote, in production mode. */
export async function startCommand(rootDir: string, listen: ListenOptions): Promise<void> {
  const started = performance.now()
  // Stacks in the log name the `.ts` lines of the tools (their maps sit beside the modules).
  process.setSourceMapsEnabled(true)
  const plugin = await prepareBuiltPlugin(rootDir, {
    listenHost: listen.host,
    requireCookieSecret: true,
    // `timeouts` below hands limits.requestTimeoutMs to node:http, which bounds the body too.
    hostTimesRequests: true,
  })
  // A mistake before serving (no build, a bad OAUTH_* setting) is printed for the person who
  // ran the command; from here on the server writes its log as JSON lines.
  setLogFormat(logFormatFromEnvironment('json'))
  logStrayRejections()
  exitOnUncaughtException()
  const { limits } = plugin.model.config
  const metrics = await startMetrics(plugin.model, listen.host)
  const tracing = await startTracing(plugin.model.identity)
  const measure = composeWrappers(
    metrics ? measureRequests(metrics.meter, plugin.model) : undefined,
    tracing?.traceRequests(plugin.model),
  )
  const server = await startNodeServer({
    fetch: plugin.fetch,
    edge: plugin.edge,
    ...servingLimits(limits),
    ...(measure ? { measure } : {}),
    ...listen,
  })
  if (metrics) observeProcessCounts(metrics.meter, server.load)
  const stopToolCalls = metrics ? measureToolCalls(metrics.meter) : undefined
  // Before "Ready": a supervisor that stops the server as soon as it reads that line must find
  // the signal handled, so the exit is clean.
  stopOnSignals(async () => {
    plugin.drain()
    logger.info(`Stopping: the requests under way have ${limits.shutdownMs} ms to finish`)
    const cut = await server.shutdown(limits.shutdownMs)
    if (cut > 0)
      logger.warn(`Stopped with ${cut} requests unfinished after ${limits.shutdownMs} ms`)
    plugin.close()
    stopToolCalls?.()
    await Promise.all([metrics?.close(), tracing?.close()])
    logger.info('Stopped')
  })
  printUrls(server.url, plugin.model, listen.host)
  if (metrics?.url) logger.info(`Metrics for Prometheus at ${metrics.url}`)
  if (metrics?.otlp) logger.info('Metrics: sent to the OTLP endpoint of OTEL_EXPORTER_OTLP_*')
  if (tracing) logger.info('Tracing: spans go to the OTLP endpoint of OTEL_EXPORTER_OTLP_*')
  logger.success(`Ready in ${Math.round(performance.now() - started)} ms`)
}

/**
 * Metrics, when `PORTICO_METRICS_PORT` or `server.metricsPort` asks for a Prometheus endpoint or
 * the `OTEL_*` variables for OTLP; the SDK is loaded only then (`startMetricsEndpoint`).
 */
async function startMetrics(
  model: PluginModel,
  host: string,
): Promise<MetricsEndpoint | undefined> {
  const fromEnvironment = process.env.PORTICO_METRICS_PORT
  const asked = !!fromEnvironment || model.config.server.metricsPort !== undefined
  if (!asked && !isMetricsExportAsked()) return undefined
  const port = fromEnvironment ? portOf(fromEnvironment) : model.config.server.metricsPort
  if (asked && (port === undefined || port === 0))
    throw new Error(`PORTICO_METRICS_PORT is "${fromEnvironment}": not a port number (1 to 65535)`)
  return startMetricsEndpoint({
    ...(port === undefined ? {} : { port }),
    host,
    name: model.identity.name,
    version: model.identity.version,
  })
}

/** The listener wrappers given, the first outermost; `undefined` when none is. */
function composeWrappers(
  ...wrappers: (((serve: RequestListener) => RequestListener) | undefined)[]
): ((serve: RequestListener) => RequestListener) | undefined {
  const given = wrappers.filter((wrap) => wrap !== undefined)
  if (given.length === 0) return undefined
  return (serve) => given.reduceRight((inner, wrap) => wrap(inner), serve)
}
