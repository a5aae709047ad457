import { logger, setLogFormat } from '../core/logger.js'
import { prepareBuiltPlugin } from '../server/create-fetch-handler.js'
import { startNodeServer } from '../server/start-node-server.js'
import { exitOnUncaughtException } from './exit-on-uncaught-exception.js'
import type { ListenOptions } from './listen-options.js'
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
  const server = await startNodeServer({
    fetch: plugin.fetch,
    edge: plugin.edge,
    timeouts: { headersMs: limits.headersTimeoutMs, requestMs: limits.requestTimeoutMs },
    shedding: { maxEventLoopDelayMs: limits.eventLoopDelayMs },
    ...listen,
  })
  // Before "Ready": a supervisor that stops the server as soon as it reads that line must find
  // the signal handled, so the exit is clean.
  stopOnSignals(async () => {
    plugin.drain()
    logger.info(`Stopping: the requests under way have ${limits.shutdownMs} ms to finish`)
    const cut = await server.shutdown(limits.shutdownMs)
    if (cut > 0)
      logger.warn(`Stopped with ${cut} requests unfinished after ${limits.shutdownMs} ms`)
    plugin.close()
    logger.info('Stopped')
  })
  printUrls(server.url, plugin.model, listen.host)
  logger.success(`Ready in ${Math.round(performance.now() - started)} ms`)
}
