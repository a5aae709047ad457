import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Command, Option } from 'commander'
import { findToolFiles } from '../model/find-tool-files.js'
import type { BuildTarget } from './build-command.js'
import { checkBuildTools } from './check-build-tools.js'
import { checkPluginFolder } from './check-plugin-folder.js'
import type { HubFlags } from './hub-command.js'
import { defaultHost, defaultPort, parsePort } from './listen-options.js'
import { type ListenFlags, type ServingCommandName, serveFolder } from './serve-folder.js'

/** A command that serves a plugin folder, with `--port` and `--host` over PORT and HOST. */
function servingCommand(name: ServingCommandName, description: string): void {
  program
    .command(name)
    .description(description)
    .argument('[dir]', 'plugin folder', '.')
    .option('-p, --port <port>', `port (default: PORT or ${defaultPort})`, parsePort)
    .option('-H, --host <host>', `interface (default: HOST or ${defaultHost})`)
    .action((dir: string, flags: ListenFlags) => serveFolder(name, dir, flags))
}

const program = new Command('portico')
  .description('Serve plain TypeScript tools as REST with OpenAPI, MCP and a docs site.')
  .version(readOwnVersion(), '-v, --version', 'print the version of portico')
  .showHelpAfterError()

servingCommand(
  'dev',
  'serve a plugin from source; reload on every change, keeping the last good version',
)

program
  .command('dev-worker', { hidden: true })
  .argument('<dir>')
  .requiredOption('--host <host>')
  .action(async (dir: string, flags: { host: string }) => {
    const { runDevWorker } = await import('./run-dev-worker.js')
    await runDevWorker(resolve(dir), flags.host)
  })

program
  .command('build')
  .description('derive the model and compile the tools into .portico/ for "portico start"')
  .argument('[dir]', 'plugin folder', '.')
  .addOption(
    new Option(
      '--target <target>',
      'also bundle it all into .portico/worker.mjs for workerd',
    ).choices(['worker']),
  )
  .action(async (dir: string, flags: { target?: BuildTarget }) => {
    const rootDir = resolve(dir)
    checkPluginFolder(rootDir, true)
    checkBuildTools('build')
    const { buildCommand } = await import('./build-command.js')
    await buildCommand(rootDir, flags.target)
  })

servingCommand('start', 'serve a built plugin in production mode')

program
  .command('stdio')
  .description(
    'serve the main MCP server (or --server) over stdin and stdout, for a client that launches ' +
      'it: from source when the folder has tools/*.ts, else from its build in .portico/',
  )
  .argument('[dir]', 'plugin folder', '.')
  .option('--server <name>', 'a server of mcp.servers instead of the main one')
  .action(async (dir: string, flags: { server?: string }) => {
    const rootDir = resolve(dir)
    checkPluginFolder(rootDir, false)
    if (findToolFiles(rootDir).length > 0) checkBuildTools('stdio')
    const { stdioCommand } = await import('./stdio-command.js')
    await stdioCommand(rootDir, flags)
  })

program
  .command('hub')
  .description('run the Portico hub: the development identity server of mode portico-hub')
  .option('-p, --port <port>', 'port', parsePort, 4400)
  .option('-H, --host <host>', 'interface', defaultHost)
  .option('--issuer <url>', 'issuer URL (default: http://localhost:<port>)')
  .option('--data <dir>', 'data folder (default: PORTICO_HUB_DATA or ~/.portico/hub)')
  .option(
    '--redis <url>',
    'keep the data in Redis instead, shared by several hubs (e.g. redis://127.0.0.1:6379)',
  )
  .option(
    '--client <id=uri>',
    'pre-register a public client: <client id>=<redirect URI>[,<redirect URI>…] (repeatable)',
    (value: string, previous: string[]) => [...previous, value],
    [] as string[],
  )
  .option('--rotate-keys', 'rotate the signing key in the data folder (or Redis) and exit')
  .action(async (flags: HubFlags) => {
    const { hubCommand } = await import('./hub-command.js')
    await hubCommand(flags)
  })

/** The version of this package, from its package.json (two folders up in src/ and in dist/). */
function readOwnVersion(): string {
  const manifest = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  return (JSON.parse(manifest) as { version: string }).version
}

/** Runs the command named in `process.argv`. */
export async function runProgram(): Promise<void> {
  await program.parseAsync()
}
