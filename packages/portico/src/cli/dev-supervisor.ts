import { type ChildProcess, spawn } from 'node:child_process'
import { watch } from 'chokidar'
import { logger } from '../core/logger.js'
import { isWatchedSource, RESTART_FILES } from './dev-watch-filter.js'
import type { ListenOptions } from './listen-options.js'

/**
 * The watching half of `portico dev`: runs the server in a child process and restarts it when
 * `portico.config.ts` or `package.json` is saved, since a new config may change everything
 * (auth mode, limits, servers). When the child has died of a load error, any source change
 * starts it again.
 */
export function runDevSupervisor(cliPath: string, rootDir: string, listen: ListenOptions): void {
  let child: ChildProcess | undefined
  let restarting = false

  const startChild = () => {
    const args = [
      ...process.execArgv,
      cliPath,
      'dev-worker',
      rootDir,
      '--port',
      String(listen.port),
      '--host',
      listen.host,
    ]
    child = spawn(process.execPath, args, { stdio: 'inherit' })
    child.once('exit', (code, signal) => {
      child = undefined
      if (!restarting && signal === null && code !== 0) {
        logger.info('Waiting for a change to try again.')
      }
    })
  }
  const restart = async (reason: string) => {
    if (restarting) return
    restarting = true
    logger.info(`${reason} changed: restarting the server`)
    await stopChild()
    restarting = false
    startChild()
  }
  const stopChild = () =>
    new Promise<void>((resolve) => {
      if (!child) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })

  const watcher = watch(rootDir, {
    ignoreInitial: true,
    ignored: (path, stats) =>
      path !== rootDir &&
      !RESTART_FILES.has(path.slice(rootDir.length + 1)) &&
      !isWatchedSource(rootDir, path, stats?.isFile()),
  })
  watcher.on('all', (_event, path) => {
    const name = path.slice(rootDir.length + 1)
    if (RESTART_FILES.has(name)) void restart(name)
    else if (!child && !restarting) void restart(name)
  })

  const shutdown = async () => {
    restarting = true
    await watcher.close()
    await stopChild()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
  // The worker starts once the config is watched, so no early save goes unseen.
  watcher.once('ready', startChild)
}
