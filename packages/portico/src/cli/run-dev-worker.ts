import type { Socket } from 'node:net'
import { watch } from 'chokidar'
import { authSettingsFromEnv } from '../auth/auth-settings-from-env.js'
import { resolveCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import { usesDefaultHub } from '../auth/resolve-auth-settings.js'
import { configFileName } from '../config/load-config.js'
import { logger, setLogFormat } from '../core/logger.js'
import { checkConfigTypes } from '../plugin/check-config-types.js'
import { loadDevPlugin } from '../plugin/load-dev-plugin.js'
import { type AssembledServer, assembleServer } from '../server/assemble-server.js'
import { createGate } from '../server/create-gate.js'
import { createNodeServer } from '../server/start-node-server.js'
import { applyRequestTimeouts } from './apply-request-timeouts.js'
import { CliError } from './cli-error.js'
import type { SupervisorMessage, WorkerMessage } from './dev-messages.js'
import { isModelInput, isRestartFile } from './dev-watch-filter.js'
import { drainConnections } from './drain-connections.js'
import { logFormatFromEnvironment } from './log-format-from-environment.js'
import { logStrayRejections } from './log-stray-rejections.js'
import { printError } from './print-error.js'
import { printUrls } from './print-urls.js'
import { stopOnSignals } from './stop-on-signals.js'
import { watchEveryChange } from './watch-every-change.js'

/**
 * The serving half of `portico dev`, run by the supervisor as a forked process. It starts warm
 * (modules imported, sources watched) and waits: on `load` it loads the plugin from source, and
 * when that fails sends the errors and exits with code 1; then it serves the connections the
 * supervisor hands it. When a source file changes, it loads again and swaps the app in place; a
 * failed reload is printed and the last good app keeps serving. On `drain` it finishes its requests and exits.
 */
export async function runDevWorker(rootDir: string, listenHost: string): Promise<void> {
  // Stacks point at the TypeScript sources.
  process.setSourceMapsEnabled(true)
  setLogFormat(logFormatFromEnvironment('pretty'))
  logStrayRejections()
  // Read once: a worker's environment does not change while it reloads.
  const authInput = authSettingsFromEnv(process.env)
  let generation = 0
  let serving: AssembledServer | undefined
  const send = (message: WorkerMessage) => process.send?.(message)
  // The supervisor keeps the local Portico hub for the whole session: asked once, then known.
  let hub: Promise<void> | undefined
  let answerHub: (error: string | undefined) => void = () => {}
  const hubReady = () => {
    hub ??= new Promise<void>((resolve, reject) => {
      answerHub = (error) => {
        if (error === undefined) return resolve()
        hub = undefined
        reject(new CliError(error))
      }
      send({ type: 'need-hub' })
    })
    return hub
  }
  // One secret for the worker's life, so a reload keeps the logins under way; the supervisor
  // passes one secret to every worker of the session in PORTICO_COOKIE_SECRET.
  let cookieSecret: string | undefined
  const load = async (): Promise<AssembledServer> => {
    const { runtime } = await loadDevPlugin(rootDir, generation)
    if (usesDefaultHub(runtime.model.config, authInput)) await hubReady()
    const gate = createGate(runtime.model, authInput, { listenHost })
    const withGate = gate ? { gate } : {}
    if (gate) cookieSecret ??= resolveCookieSecret(process.env, { dev: true })
    const login = cookieSecret === undefined ? {} : { login: { cookieSecret } }
    return assembleServer(runtime, {
      rootDir,
      dev: true,
      listenHost,
      // applyRequestTimeouts gives node:http limits.requestTimeoutMs, which bounds the body too.
      hostTimesRequests: true,
      ...withGate,
      ...login,
    })
  }

  const reload = async (changed: ReadonlySet<string>) => {
    const started = performance.now()
    generation += 1
    try {
      const next = await load()
      // A config saved with a type error keeps the last good version serving, as a tool does.
      if (changed.has(configFileName)) checkConfigTypes(rootDir)
      // The sessions of the old app are no one's now: requests reach the new one.
      serving?.close()
      serving = next
      applyRequestTimeouts(server, next.model.config.limits)
      const ms = Math.round(performance.now() - started)
      // A line per file, as when each reloads alone: several saved meanwhile share this reload.
      for (const name of changed) {
        logger.success(`${name} changed: reloaded ${serving.model.tools.length} tools in ${ms} ms`)
      }
    } catch (error) {
      printError(error)
      logger.warn('The last good version keeps serving.')
    }
  }
  // One reload at a time; changes during a reload fold into one more reload after it, which
  // names them all (and type-checks the config if it is among them).
  let running: Promise<void> | undefined
  const pending = new Set<string>()
  const schedule = (changed: string) => {
    pending.add(changed)
    if (running) return
    const names = new Set(pending)
    pending.clear()
    running = reload(names).finally(() => {
      running = undefined
      const [next] = pending
      if (next !== undefined) schedule(next)
    })
  }
  // package.json is the supervisor's: it starts a new worker for it.
  const watcher = watch(rootDir, {
    ignoreInitial: true,
    ignored: (path, stats) => path !== rootDir && !isModelInput(rootDir, path, stats?.isFile()),
  })
  watchEveryChange(watcher, (path) => {
    const name = path.slice(rootDir.length + 1)
    if (serving && !isRestartFile(name)) schedule(name)
  })
  await new Promise<void>((ready) => watcher.once('ready', () => ready()))
  const server = createNodeServer({
    fetch: (request, bindings) => (serving as AssembledServer).fetch(request, bindings),
    edge: (request, response, next) => (serving as AssembledServer).edge(request, response, next),
    logRequests: true,
  })
  const connections = drainConnections(server)
  const stop = async (finish: boolean) => {
    await watcher.close()
    if (finish) await connections.drain()
    else connections.drop()
    process.exit(0)
  }
  process.on('message', async (message: SupervisorMessage, handle: unknown) => {
    if (message.type === 'hub') {
      answerHub(message.error)
    } else if (message.type === 'load') {
      try {
        serving = await load()
        applyRequestTimeouts(server, serving.model.config.limits)
        // After the load, whose config messages are the clearer.
        checkConfigTypes(rootDir)
      } catch (error) {
        printError(error)
        // The supervisor answers with these lines while no version serves.
        const errors = (error instanceof Error ? error.message : String(error)).split('\n')
        const failed: WorkerMessage = { type: 'failed', errors }
        if (process.send) process.send(failed, () => process.exit(1))
        else process.exit(1)
        return
      }
      send({ type: 'loaded' })
    } else if (message.type === 'serve' && serving) {
      printUrls(message.url, serving.model, listenHost)
    } else if (message.type === 'connection') {
      const socket = handle as Socket
      server.emit('connection', socket)
      socket.resume()
    } else if (message.type === 'drain') {
      await stop(true)
    }
  })
  // Without its supervisor nobody hands it connections any more.
  process.once('disconnect', () => void stop(true))
  stopOnSignals(() => stop(false))
  send({ type: 'warm' })
}
