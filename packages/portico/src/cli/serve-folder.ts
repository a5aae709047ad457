import { resolve } from 'node:path'
import { checkBuildTools } from './check-build-tools.js'
import { checkPluginFolder } from './check-plugin-folder.js'
import { resolveListenOptions } from './listen-options.js'

/** The flags of `portico dev` and `portico start`, as parsed. */
export interface ListenFlags {
  port?: number
  host?: string
}

/** The commands that serve a plugin folder. */
export type ServingCommandName = 'dev' | 'start'

/**
 * Runs `portico dev|start [dir]`: checks the folder, then loads the command's module (only the
 * one it needs), with `--port` and `--host` over PORT and HOST.
 */
export async function serveFolder(
  name: ServingCommandName,
  dir: string,
  flags: ListenFlags,
): Promise<void> {
  const rootDir = resolve(dir)
  checkPluginFolder(rootDir, name === 'dev')
  const listen = resolveListenOptions(flags)
  if (name === 'dev') {
    checkBuildTools('dev')
    const { runDevSupervisor } = await import('./run-dev-supervisor.js')
    runDevSupervisor(process.argv[1] ?? '', rootDir, listen)
  } else {
    const { startCommand } = await import('./start-command.js')
    await startCommand(rootDir, listen)
  }
}
