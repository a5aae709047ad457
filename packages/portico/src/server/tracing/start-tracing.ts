import type { RequestListener } from 'node:http'
import type { Sampler } from '@opentelemetry/sdk-trace'
import { installTraceHooks } from '../../core/trace-hooks.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { createTraceHooks } from './create-trace-hooks.js'
import { propagateFetch } from './propagate-fetch.js'
import { traceRequests } from './trace-requests.js'

/** The plugin whose spans these are: the resource's `service.name` and `service.version`. */
export interface TracingOptions {
  name: string
  version: string
  environment?: NodeJS.ProcessEnv
}

/** Tracing under way: the listener wrapper that makes a server span per request, and its end. */
export interface Tracing {
  traceRequests(model: PluginModel): (serve: RequestListener) => RequestListener
  /** Sends the spans still buffered, then stops. */
  close(): Promise<void>
}

/**
 * Whether the standard variables ask for traces: an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`
 * or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or `OTEL_TRACES_EXPORTER=otlp`, unless
 * `OTEL_TRACES_EXPORTER=none` or `OTEL_SDK_DISABLED=true`.
 */
export function isTracingAsked(environment: NodeJS.ProcessEnv = process.env): boolean {
  if (environment.OTEL_SDK_DISABLED === 'true') return false
  const exporter = environment.OTEL_TRACES_EXPORTER
  if (exporter === 'none') return false
  return (
    exporter === 'otlp' ||
    !!environment.OTEL_EXPORTER_OTLP_ENDPOINT ||
    !!environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
  )
}

/**
 * Starts OpenTelemetry tracing over OTLP/HTTP (JSON) when {@link isTracingAsked}: the SDK, the
 * exporter and the API are imported only then. One server span per request, named
 * `<method> <route>` and attributed per the HTTP semantic conventions, continuing the trace of
 * the request's `traceparent` header, and active while the request is served (an
 * `AsyncLocalStorage` context manager): within it, a span per MCP request and per tool call
 * (`createTraceHooks`), and a client span per `fetch` that sends the context on
 * (`propagateFetch`). The sampler follows `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`
 * (default `parentbased_always_on`). No header, query, token, input or result is recorded.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | undefined> {
  const environment = options.environment ?? process.env
  if (!isTracingAsked(environment)) return undefined
  const [api, core, sdk, { OTLPTraceExporter }, { resourceFromAttributes }, hooks] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/context-async-hooks'),
    ])
  const ratio = Number(environment.OTEL_TRACES_SAMPLER_ARG ?? '1')
  const byRatio = new sdk.TraceIdRatioBasedSampler(Number.isFinite(ratio) ? ratio : 1)
  const samplers: Record<string, () => Sampler> = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => byRatio,
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: byRatio }),
  }
  const chosen = samplers[environment.OTEL_TRACES_SAMPLER ?? '']
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({
      'service.name': environment.OTEL_SERVICE_NAME || options.name,
      'service.version': options.version,
    }),
    sampler: chosen ? chosen() : new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  })
  const contextManager = new hooks.AsyncLocalStorageContextManager().enable()
  api.context.setGlobalContextManager(contextManager)
  api.trace.setGlobalTracerProvider(provider)
  const propagator = new core.W3CTraceContextPropagator()
  api.propagation.setGlobalPropagator(propagator)
  const tracer = provider.getTracer('portico')
  const requestIdKey = api.createContextKey('portico.request.id')
  installTraceHooks(createTraceHooks(api, tracer, propagator, requestIdKey))
  const stopFetch = propagateFetch(api, tracer, propagator)
  return {
    traceRequests: (model) => traceRequests(api, tracer, propagator, model, requestIdKey),
    async close() {
      installTraceHooks(undefined)
      stopFetch()
      await provider.shutdown()
      api.trace.disable()
      api.context.disable()
      api.propagation.disable()
    },
  }
}
