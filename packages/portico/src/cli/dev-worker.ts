import { watch } from 'chokidar'
import type { Hono } from 'hono'
import { logger, setLogFormat } from '../core/logger.js'
import type { PluginModel } from '../model/plugin-model.js'
import { loadDevPlugin } from '../plugin/load-dev-plugin.js'
import { createApp } from '../server/create-app.js'
import { createGateFromEnvironment } from '../server/create-gate.js'
import { createNodeRestEdge, type NodeEdge } from '../server/create-node-rest-edge.js'
import { startNodeServer } from '../server/start-node-server.js'
import { isWatchedSource } from './dev-watch-filter.js'
import type { ListenOptions } from './listen-options.js'
import { logFormatFromEnvironment } from './log-format.js'
import { printError } from './print-error.js'
import { printUrls } from './print-urls.js'
import { stopOnSignals } from './stop-on-signals.js'

interface Serving {
  model: PluginModel
  app: Hono
  edge: NodeEdge
}

/**
 * The serving half of `portico dev`: loads the plugin from source and serves it; when a source
 * file changes, loads it again and swaps the app in place. A failed reload is printed and the
 * last good app keeps serving. Config changes are the supervisor's: it restarts this process.
 */
export async function runDevWorker(rootDir: string, listen: ListenOptions): Promise<void> {
  // Stacks in dev point at the TypeScript sources; production skips the cost of reading maps.
  process.setSourceMapsEnabled(true)
  setLogFormat(logFormatFromEnvironment('pretty'))
  let generation = 0
  const load = async (): Promise<Serving> => {
    const { runtime } = await loadDevPlugin(rootDir, generation)
    const gate = createGateFromEnvironment(runtime.model)
    const withGate = gate ? { gate } : {}
    return {
      model: runtime.model,
      app: createApp(runtime, { rootDir, dev: true, listenHost: listen.host, ...withGate }),
      edge: createNodeRestEdge(runtime, { dev: true, ...withGate }),
    }
  }
  let serving: Serving
  try {
    serving = await load()
  } catch (error) {
    printError(error)
    process.exit(1)
  }

  const reload = async (changed: string) => {
    const started = performance.now()
    generation += 1
    try {
      serving = await load()
      const ms = Math.round(performance.now() - started)
      logger.success(`${changed} changed: reloaded ${serving.model.tools.length} tools in ${ms} ms`)
    } catch (error) {
      printError(error)
      logger.warn('The last good version keeps serving.')
    }
  }
  // One reload at a time; changes during a reload fold into one more reload after it.
  let running: Promise<void> | undefined
  let again: string | undefined
  const schedule = (changed: string) => {
    if (running) {
      again = changed
      return
    }
    running = reload(changed).finally(() => {
      running = undefined
      if (again !== undefined) {
        const next = again
        again = undefined
        schedule(next)
      }
    })
  }
  const watcher = watch(rootDir, {
    ignoreInitial: true,
    ignored: (path, stats) => path !== rootDir && !isWatchedSource(rootDir, path, stats?.isFile()),
  })
  watcher.on('all', (_event, path) => schedule(path.slice(rootDir.length + 1)))
  // Listen only once the initial scan is done: a save before it would go unseen.
  await new Promise<void>((ready) => watcher.once('ready', () => ready()))
  const server = await startNodeServer({
    fetch: (request) => serving.app.fetch(request),
    edge: (request, response) => serving.edge(request, response),
    ...listen,
    logRequests: true,
  })
  printUrls(server.url, serving.model, listen.host)
  stopOnSignals(async () => {
    await watcher.close()
    await server.close()
  })
}
