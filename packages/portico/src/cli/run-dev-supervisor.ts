import { type ChildProcess, fork } from 'node:child_process'
import { createServer, type Socket } from 'node:net'
import { watch } from 'chokidar'
import { COOKIE_SECRET_VARIABLE, resolveCookieSecret } from '../auth/login/resolve-cookie-secret.js'
import { logger } from '../core/logger.js'
import { listenOn } from '../server/start-node-server.js'
import { createUnavailableServer } from './create-unavailable-server.js'
import type { SupervisorMessage, WorkerMessage } from './dev-messages.js'
import { isModelInput, isRestartFile } from './dev-watch-filter.js'
import { ensureHub } from './ensure-hub.js'
import type { ListenOptions } from './listen-options.js'
import { printError } from './print-error.js'
import { watchEveryChange } from './watch-every-change.js'

/**
 * The watching half of `portico dev`. It owns the port and hands each connection to the worker
 * process that serves, and starts a new worker when `package.json` is saved (new dependencies
 * need fresh module caches; everything else, the config included, reloads in the worker). The
 * old worker serves until the new one has loaded, then finishes its requests and exits; a new
 * worker that fails to load leaves the old one serving. No spare is kept: an idle second
 * compiler would cost memory and, while it warms, slow the reloads that matter. It listens
 * from the start: connections wait for the first load; while no worker serves (a load failed,
 * or the worker stopped), it answers them itself with 503 and the errors, and any source
 * change tries again.
 */
export function runDevSupervisor(cliPath: string, rootDir: string, listen: ListenOptions): void {
  // One login-cookie secret for the session, so a login survives a worker restart.
  process.env[COOKIE_SECRET_VARIABLE] = resolveCookieSecret(process.env, { dev: true })
  const port = createServer({ pauseOnConnect: true })
  let url: string | undefined
  let serving: ChildProcess | undefined
  let loading = false
  let again: string | undefined
  let stopping = false
  const workers = new Set<ChildProcess>()
  // Why no worker serves, once a load failed; until the first load ends, connections wait.
  let failure: readonly string[] | undefined
  const waiting: Socket[] = []
  const unavailable = createUnavailableServer(() => failure ?? [])

  const forkWorker = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const args = ['dev-worker', rootDir, '--host', listen.host]
      const worker = fork(cliPath, args, { stdio: 'inherit' })
      workers.add(worker)
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'warm') resolve(worker)
        if (message.type === 'need-hub') void answerHub(worker)
        if (message.type === 'failed') failure = message.errors
      })
      worker.once('exit', () => {
        workers.delete(worker)
        reject(new Error('the dev worker stopped before it was ready'))
      })
    })
  const tell = (worker: ChildProcess, message: SupervisorMessage, socket?: Socket) =>
    worker.send(message, socket, (error) => {
      if (error) socket?.destroy()
    })

  // Started once for the whole session, so a restarted worker finds it and logins survive.
  let hub: Promise<void> | undefined
  const answerHub = async (worker: ChildProcess) => {
    hub ??= ensureHub()
    try {
      await hub
      tell(worker, { type: 'hub' })
    } catch (error) {
      hub = undefined
      tell(worker, { type: 'hub', error: error instanceof Error ? error.message : String(error) })
    }
  }

  const route = (socket: Socket) => {
    if (serving?.connected) tell(serving, { type: 'connection' }, socket)
    else if (failure === undefined) waiting.push(socket)
    else {
      unavailable.emit('connection', socket)
      socket.resume()
    }
  }
  port.on('connection', route)
  const settle = (why: readonly string[] | undefined) => {
    failure = why
    for (const socket of waiting.splice(0)) route(socket)
  }

  /** Loads the plugin in a new worker and makes it the one serving once it has loaded. */
  const load = async (reason: string | undefined) => {
    if (loading) {
      again = reason
      return
    }
    loading = true
    const started = performance.now()
    if (reason) logger.info(`${reason} changed: restarting the server`)
    try {
      const worker = await forkWorker()
      const loaded = await new Promise<boolean>((resolve) => {
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'loaded') resolve(true)
          if (message.type === 'failed') resolve(false)
        })
        worker.once('exit', () => resolve(false))
        tell(worker, { type: 'load' })
      })
      if (loaded && !stopping) {
        const replaced = serving
        serving = worker
        settle(undefined)
        worker.once('exit', () => {
          if (serving !== worker || stopping) return
          serving = undefined
          settle(['The server stopped; save a file to start it again.'])
          logger.warn('The server stopped. Waiting for a change to start it again.')
        })
        tell(worker, { type: 'serve', url: url ?? '' })
        if (replaced) {
          tell(replaced, { type: 'drain' })
          logger.success(`Restarted in ${Math.round(performance.now() - started)} ms`)
        }
      } else if (!loaded) {
        if (!serving) settle(failure ?? ['The plugin did not load; the terminal says why.'])
        logger.info(
          serving
            ? 'The last good version keeps serving.'
            : `Waiting for a change to try again; until then ${url} answers 503 with the errors.`,
        )
      }
    } catch (error) {
      printError(error)
      if (!serving) settle([error instanceof Error ? error.message : String(error)])
    }
    loading = false
    if (again !== undefined) {
      const next = again
      again = undefined
      void load(next)
    }
  }

  const watcher = watch(rootDir, {
    ignoreInitial: true,
    ignored: (path, stats) => path !== rootDir && !isModelInput(rootDir, path, stats?.isFile()),
  })
  watchEveryChange(watcher, (path) => {
    const name = path.slice(rootDir.length + 1)
    if (isRestartFile(name) || !serving) void load(name)
  })

  const shutdown = async (code: number) => {
    if (stopping) return
    stopping = true
    await watcher.close()
    port.close()
    await Promise.all(
      [...workers].map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', () => resolve())
            worker.kill('SIGTERM')
          }),
      ),
    )
    process.exit(code)
  }
  process.once('SIGINT', () => void shutdown(0))
  process.once('SIGTERM', () => void shutdown(0))
  // The first load starts once the sources are watched, so no early save goes unseen.
  watcher.once('ready', async () => {
    try {
      url = await listenOn(port, listen.port, listen.host)
    } catch (error) {
      printError(error)
      await shutdown(1)
      return
    }
    void load(undefined)
  })
}
