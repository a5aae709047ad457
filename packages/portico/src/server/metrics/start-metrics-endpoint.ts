import type { Meter } from '@opentelemetry/api'

/** Where the Prometheus endpoint listens: `server.metricsPort` on the server's own host. */
export interface MetricsEndpointOptions {
  port: number
  host: string
  /** The plugin's name and version: the resource's `service.name` and `service.version`. */
  name: string
  version: string
}

/** A listening metrics endpoint: the meter to record with, its URL and how to stop it. */
export interface MetricsEndpoint {
  meter: Meter
  /** `http://<host>:<port>/metrics`. */
  url: string
  close(): Promise<void>
}

/**
 * Serves OpenTelemetry metrics in Prometheus' text format at `GET /metrics` on a port of its
 * own (`server.metricsPort`, `PORTICO_METRICS_PORT`), never on the public port: a scrape tells
 * which tools are called and how often, which a public plugin's users need not see. The SDK
 * and the exporter (and the API) are imported here only, so a server without metrics loads
 * nothing of OpenTelemetry.
 */
export async function startMetricsEndpoint(
  options: MetricsEndpointOptions,
): Promise<MetricsEndpoint> {
  const [{ metrics }, { MeterProvider }, { PrometheusExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/exporter-prometheus'),
      import('@opentelemetry/resources'),
    ])
  const exporter = new PrometheusExporter({
    host: options.host,
    port: options.port,
    endpoint: '/metrics',
    preventServerStart: true,
  })
  await exporter.startServer().catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE'
      ? new Error(
          `Port ${options.port} on ${options.host} is in use: set server.metricsPort or PORTICO_METRICS_PORT`,
        )
      : error
  })
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      'service.name': options.name,
      'service.version': options.version,
    }),
    readers: [exporter],
  })
  metrics.setGlobalMeterProvider(provider)
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    meter: provider.getMeter('portico'),
    url: `http://${shownHost}:${options.port}/metrics`,
    close: () => provider.shutdown(),
  }
}
