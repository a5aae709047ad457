import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import { logger, setLogFormat, writeLogsToStderr } from '../core/logger.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import { findToolFiles } from '../model/find-tool-files.js'
import { loadBuiltPlugin } from '../plugin/load-built-plugin.js'
import { createInputRounds } from '../surfaces/mcp/calls/create-input-rounds.js'
import {
  buildMcpCatalogs,
  type McpServerCatalog,
} from '../surfaces/mcp/catalog/build-mcp-catalogs.js'
import { createSdkServerFactory } from '../surfaces/mcp/sdk/create-sdk-server-factory.js'
import { CliError } from './cli-error.js'
import { divertStdout } from './divert-stdout.js'
import { defaultPort } from './listen-options.js'
import { logFormatFromEnvironment } from './log-format-from-environment.js'
import { logStrayRejections } from './log-stray-rejections.js'
import { stopOnSignals } from './stop-on-signals.js'

/** Options of {@link stdioCommand}. */
export interface StdioOptions {
  /** A server of `mcp.servers`; the main server when absent. */
  server?: string
}

/**
 * `portico stdio [dir]`: serves one MCP server of the plugin on stdin and stdout, for a client
 * that launches local servers. The plugin comes from its sources when it has tool files (what
 * the author edits is what the client gets), else from the build in `.portico/`. The catalog
 * and the tool calls are those of `/mcp` (or `/mcp/<server>`): the same SDK server factory,
 * in either protocol era. Only mode `anon` is served: stdio carries no token. The process ends
 * when the client closes stdin, or on SIGTERM.
 */
export async function stdioCommand(rootDir: string, options: StdioOptions): Promise<void> {
  // First of all: nothing may reach stdout but the messages, not even a line of the loading.
  const wire = divertStdout()
  setLogFormat(logFormatFromEnvironment('pretty'))
  writeLogsToStderr()
  process.setSourceMapsEnabled(true)
  logStrayRejections()
  const fromSources = findToolFiles(rootDir).length > 0
  // Loaded only for sources: it needs the build tools, which an install may leave out.
  const { runtime } = fromSources
    ? await (await import('../plugin/load-dev-plugin.js')).loadDevPlugin(rootDir, 0)
    : await loadBuiltPlugin(rootDir)
  const { model } = runtime
  if (model.config.auth !== 'anon') {
    throw new CliError(
      `portico stdio serves only a plugin in mode anon; this one is in mode ${model.config.auth}, ` +
        'and stdio carries no token to check. Serve it over HTTP with "portico dev" or "portico start".',
    )
  }
  const catalog = chooseServer(runtime, options.server)
  // Widget pages name their assets on an origin; stdio serves none, so they name the public
  // URL when one is configured, else where `portico dev` serves by default.
  const origin = model.config.server.publicUrl ?? `http://localhost:${defaultPort}`
  // As `portico start` answers: the lists do not change while the process lives, and an
  // unexpected error's details go to the log on stderr, not to the client.
  const factory = await createSdkServerFactory(catalog, runtime, {
    dev: false,
    rounds: createInputRounds(),
  })
  const transport = new StdioServerTransport(process.stdin, wire)
  const connection = serveStdio(({ era }) => factory({ era, origin, lasting: true }), {
    transport,
    onerror: (error) => logger.warn(`MCP over stdio: ${error.message}`),
  })
  // `serveStdio` sets its own handler: ours runs after it, once the client closed stdin.
  const closed = transport.onclose
  transport.onclose = () => {
    closed?.()
    process.exit(0)
  }
  stopOnSignals(() => connection.close())
  const name = catalog.name === '' ? 'the main MCP server' : `MCP server ${catalog.name}`
  logger.info(
    `Serving ${name} of ${model.identity.name} over stdio: ${catalog.tools.length} tools, ` +
      `from ${fromSources ? 'its sources' : 'its build in .portico/'}`,
  )
}

/** The catalog of the main server, or of the one `--server` names. */
function chooseServer(runtime: ToolRuntime, server: string | undefined): McpServerCatalog {
  const catalogs = buildMcpCatalogs(runtime.model)
  const catalog = catalogs.get(server ?? '')
  if (catalog) return catalog
  const named = [...catalogs.keys()].filter((name) => name !== '')
  throw new CliError(
    `--server ${server}: no such MCP server; ` +
      (named.length > 0 ? `mcp.servers has ${named.join(', ')}` : 'mcp.servers names none'),
  )
}
