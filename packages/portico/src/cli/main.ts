import { resolve } from 'node:path'
import { Command } from 'commander'
import { consola, LogLevels } from 'consola'
import { defaultHost, defaultPort, parsePort, resolveListenOptions } from './listen-options.js'
import { printError } from './print-error.js'

// consola goes quiet when it detects a test runner or CI; a CLI always tells where it serves.
consola.level = LogLevels.info

interface ListenFlags {
  port?: number
  host?: string
}

/** The flags of a command that serves: `--port` and `--host`, over PORT and HOST. */
function withListenOptions(command: Command): Command {
  return command
    .option('-p, --port <port>', `port (default: PORT or ${defaultPort})`, parsePort)
    .option('-H, --host <host>', `interface (default: HOST or ${defaultHost})`)
}

const program = new Command('portico')
  .description('Serve plain TypeScript tools as REST with OpenAPI, MCP and a docs site.')
  .showHelpAfterError()

withListenOptions(
  program
    .command('dev')
    .description('serve a plugin from source; reload on tool changes, restart on config changes')
    .argument('[dir]', 'plugin folder', '.'),
).action(async (dir: string, flags: ListenFlags) => {
  const { runDevSupervisor } = await import('./dev-supervisor.js')
  runDevSupervisor(process.argv[1] ?? '', resolve(dir), resolveListenOptions(flags))
})

program
  .command('dev-worker', { hidden: true })
  .argument('<dir>')
  .requiredOption('--port <port>', '', parsePort)
  .requiredOption('--host <host>')
  .action(async (dir: string, flags: Required<ListenFlags>) => {
    const { runDevWorker } = await import('./dev-worker.js')
    await runDevWorker(resolve(dir), flags)
  })

program
  .command('build')
  .description('derive the model and compile the tools into .portico/ for "portico start"')
  .argument('[dir]', 'plugin folder', '.')
  .action(async (dir: string) => {
    const { buildCommand } = await import('./build-command.js')
    await buildCommand(resolve(dir))
  })

withListenOptions(
  program
    .command('start')
    .description('serve a built plugin in production mode')
    .argument('[dir]', 'plugin folder', '.'),
).action(async (dir: string, flags: ListenFlags) => {
  const { startCommand } = await import('./start-command.js')
  await startCommand(resolve(dir), resolveListenOptions(flags))
})

program.parseAsync().catch((error: unknown) => {
  printError(error)
  process.exit(1)
})
