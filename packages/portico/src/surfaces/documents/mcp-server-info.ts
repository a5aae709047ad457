import type { ServerCapabilities } from '@modelcontextprotocol/server'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildMcpCatalogs } from '../mcp/mcp-catalog.js'
import { buildIconUrls } from './document-urls.js'

/** `/mcp-server.json`: who the main MCP server is and what it declares, before connecting. */
export interface McpServerInfoDocument {
  /** `serverInfo.name` of `initialize`: the plugin name. */
  name: string
  version: string
  title: string
  /** The plugin's homepage; present when set. */
  website?: string
  /** Absolute icon URLs, the main icon first (see `buildIconUrls`). */
  icons: string[]
  /** The `instructions` sent on `initialize`; present when configured. */
  instructions?: string
  /** The main server's capabilities, exactly as `initialize` declares them. */
  capabilities: ServerCapabilities
}

/**
 * Builds `/mcp-server.json` from the main server's catalog, so that it cannot disagree with
 * what `initialize` answers.
 *
 * @example
 * import { buildMcpServerInfo } from './mcp-server-info.js'
 * buildMcpServerInfo(model, 'https://notes.example.com').capabilities // { tools: { listChanged: false } }
 */
export function buildMcpServerInfo(model: PluginModel, origin: string): McpServerInfoDocument {
  const main = buildMcpCatalogs(model).get('')
  if (!main) throw new TypeError('buildMcpCatalogs returned no main server catalog')
  const { serverInfo, instructions, capabilities } = main
  return {
    name: serverInfo.name,
    version: serverInfo.version,
    title: serverInfo.title ?? model.identity.title,
    ...(model.identity.homepage ? { website: model.identity.homepage } : {}),
    icons: buildIconUrls(model, origin),
    ...(instructions ? { instructions } : {}),
    capabilities,
  }
}
