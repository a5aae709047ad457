import { logger, setLogFormat } from '../core/logger.js'
import { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
import { createApp } from '../server/create-app.js'
import { createNodeRestEdge } from '../server/create-node-rest-edge.js'
import { startNodeServer } from '../server/start-node-server.js'
import type { ListenOptions } from './listen-options.js'
import { logFormatFromEnvironment } from './log-format.js'
import { printUrls } from './print-urls.js'
import { stopOnSignals } from './stop-on-signals.js'

/** `portico start [dir]`: serves what `portico build` wrote, in production mode. */
export async function startCommand(rootDir: string, listen: ListenOptions): Promise<void> {
  const started = performance.now()
  setLogFormat(logFormatFromEnvironment('json'))
  const plugin = await loadBuiltPlugin(rootDir)
  // The verifier (and jose) load only for a plugin that authenticates.
  const gate =
    plugin.runtime.model.config.auth === 'anon'
      ? undefined
      : (await import('../server/create-gate.js')).createGateFromEnvironment(plugin.runtime.model)
  const withGate = gate ? { gate } : {}
  const app = createApp(plugin.runtime, {
    rootDir,
    dev: false,
    listenHost: listen.host,
    ...withGate,
  })
  const edge = createNodeRestEdge(plugin.runtime, { dev: false, ...withGate })
  const server = await startNodeServer({ fetch: app.fetch, edge, ...listen })
  printUrls(server.url, plugin.runtime.model, listen.host)
  logger.success(`Ready in ${Math.round(performance.now() - started)} ms`)
  stopOnSignals(() => server.close())
}
