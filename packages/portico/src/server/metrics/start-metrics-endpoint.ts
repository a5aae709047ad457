import type { Meter } from '@opentelemetry/api'
import type { MetricReader } from '@opentelemetry/sdk-metrics'

/**
 * Where metrics go: the Prometheus endpoint on `server.metricsPort` of the server's own host,
 * and OTLP when the standard variables ask for it (see {@link isMetricsExportAsked}).
 */
export interface MetricsEndpointOptions {
  /** The Prometheus endpoint's port; absent, no endpoint (OTLP only). */
  port?: number
  host: string
  /** The plugin's name and version: the resource's `service.name` and `service.version`. */
  name: string
  version: string
  environment?: NodeJS.ProcessEnv
}

/** Metrics under way: the meter to record with, the Prometheus URL if any, and how to stop. */
export interface MetricsEndpoint {
  meter: Meter
  /** `http://<host>:<port>/metrics`, when a port was given. */
  url?: string
  /** Whether metrics also go over OTLP. */
  otlp: boolean
  close(): Promise<void>
}

/**
 * Whether the standard variables ask for metrics over OTLP: `OTEL_METRICS_EXPORTER=otlp`, or an
 * OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`), unless
 * `OTEL_METRICS_EXPORTER=none` or `OTEL_SDK_DISABLED=true`.
 */
export function isMetricsExportAsked(environment: NodeJS.ProcessEnv = process.env): boolean {
  if (environment.OTEL_SDK_DISABLED === 'true') return false
  const exporters = (environment.OTEL_METRICS_EXPORTER ?? '').split(',').map((name) => name.trim())
  if (exporters.includes('none')) return false
  return (
    exporters.includes('otlp') ||
    !!environment.OTEL_EXPORTER_OTLP_ENDPOINT ||
    !!environment.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT
  )
}

/**
 * Serves OpenTelemetry metrics in Prometheus' text format at `GET /metrics` on a port of its
 * own (`server.metricsPort`, `PORTICO_METRICS_PORT`), never on the public port: a scrape tells
 * which tools are called and how often, which a public plugin's users need not see. And, when
 * {@link isMetricsExportAsked}, sends them over OTLP/HTTP (JSON) every
 * `OTEL_METRIC_EXPORT_INTERVAL` ms (60 s by default) and once more on close. The SDK and the
 * exporters (and the API) are imported here only, so a server without metrics loads nothing of
 * OpenTelemetry.
 */
export async function startMetricsEndpoint(
  options: MetricsEndpointOptions,
): Promise<MetricsEndpoint> {
  const environment = options.environment ?? process.env
  const otlp = isMetricsExportAsked(environment)
  const [{ metrics }, sdk, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/resources'),
  ])
  const readers: MetricReader[] = []
  const { port } = options
  if (port !== undefined) {
    const { PrometheusExporter } = await import('@opentelemetry/exporter-prometheus')
    const exporter = new PrometheusExporter({
      host: options.host,
      port,
      endpoint: '/metrics',
      preventServerStart: true,
    })
    await exporter.startServer().catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE'
        ? new Error(
            `Port ${port} on ${options.host} is in use: set server.metricsPort or PORTICO_METRICS_PORT`,
          )
        : error
    })
    readers.push(exporter)
  }
  if (otlp) {
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http')
    const interval = Number(environment.OTEL_METRIC_EXPORT_INTERVAL)
    readers.push(
      new sdk.PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: Number.isFinite(interval) && interval > 0 ? interval : 60_000,
      }),
    )
  }
  const provider = new sdk.MeterProvider({
    resource: resourceFromAttributes({
      'service.name': environment.OTEL_SERVICE_NAME || options.name,
      'service.version': options.version,
    }),
    readers,
  })
  metrics.setGlobalMeterProvider(provider)
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    meter: provider.getMeter('portico'),
    ...(port === undefined ? {} : { url: `http://${shownHost}:${port}/metrics` }),
    otlp,
    close: () => provider.shutdown(),
  }
}
