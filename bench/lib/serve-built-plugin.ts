// Serves a built bench plugin exactly as `portico start` does (the Fetch app behind the
// node:http edges, its limits' timeouts and load shedding, the gate from OAUTH_* when the plugin
// authenticates), prints READY <port>
// for the runner and stops on SIGTERM.
// The server's own modules, not the package entry: the gate from OAUTH_* and the assembler are
// what `portico start` uses and are not public API.

import type { RequestListener } from 'node:http'
import { authSettingsFromEnv } from '../../packages/portico/src/auth/auth-settings-from-env.js'
import type { ToolRuntime } from '../../packages/portico/src/invoke/create-tool-runtime.js'
import { loadBuiltPlugin } from '../../packages/portico/src/plugin/load-built-plugin.js'
import { assembleServer } from '../../packages/portico/src/server/assemble-server.js'
import { measureRequests } from '../../packages/portico/src/server/metrics/measure-requests.js'
import { startMetricsEndpoint } from '../../packages/portico/src/server/metrics/start-metrics-endpoint.js'
import { servingLimits } from '../../packages/portico/src/server/serving-limits.js'
import { startNodeServer } from '../../packages/portico/src/server/start-node-server.js'
import { startTracing } from '../../packages/portico/src/server/tracing/start-tracing.js'

const same = (serve: RequestListener) => serve

/** Serves the plugin built in `rootDir`; `adapt` may swap parts of its runtime for a variant. */
export async function serveBuiltPlugin(
  rootDir: string,
  adapt: (runtime: ToolRuntime) => ToolRuntime = (runtime) => runtime,
): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1'
  const runtime = adapt((await loadBuiltPlugin(rootDir)).runtime)
  // An authenticated plugin checks tokens as under `portico start`, with OAUTH_* from the runner;
  // as there, the verifier (and jose) load only for a plugin that authenticates.
  const gate =
    runtime.model.config.auth === 'anon'
      ? undefined
      : (await import('../../packages/portico/src/server/create-gate.js')).createGate(
          runtime.model,
          authSettingsFromEnv(process.env),
        )
  const served = assembleServer(runtime, {
    rootDir,
    dev: false,
    listenHost: host,
    // As `portico start`: node:http bounds a request's time (`servingLimits` below).
    hostTimesRequests: true,
    ...(gate ? { gate } : {}),
  })
  // As `portico start`: metrics with PORTICO_METRICS_PORT, traces with OTEL_EXPORTER_OTLP_*.
  const { identity } = runtime.model
  const metricsPort = Number(process.env.PORTICO_METRICS_PORT)
  const metrics = metricsPort
    ? await startMetricsEndpoint({ port: metricsPort, host, ...identity })
    : undefined
  const tracing = await startTracing(identity)
  const trace = tracing?.traceRequests(runtime.model)
  const meter = metrics ? measureRequests(metrics.meter, runtime.model) : undefined
  const server = await startNodeServer({
    fetch: served.fetch,
    edge: served.edge,
    // The same guards as `portico start`: its request timeouts and load shedding.
    ...servingLimits(runtime.model.config.limits),
    port: Number(process.env.PORT),
    host,
    ...(meter || trace
      ? { measure: (serve: RequestListener) => (meter ?? same)((trace ?? same)(serve)) }
      : {}),
  })
  console.log(`READY ${server.port}`)
  process.once(
    'SIGTERM',
    () =>
      void Promise.all([server.close(), metrics?.close(), tracing?.close()]).then(() =>
        process.exit(0),
      ),
  )
}
