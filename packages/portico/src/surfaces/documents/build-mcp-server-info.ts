import { listIcons, type McpIcon } from '../../model/assets/list-icons.js'
import { listMcpServers, type McpServerCapabilities } from '../../model/mcp-servers.js'
import type { PluginModel } from '../../model/plugin-model.js'

/** `/mcp-server.json`: who the main MCP server is and what it declares, before connecting. */
export interface McpServerInfoDocument {
  /** `serverInfo.name` of `initialize`: the plugin name. */
  name: string
  version: string
  title: string
  /** The plugin's homepage; present when set. */
  website?: string
  /** MCP icon objects with absolute URLs, the main icon first (see `listIcons`). */
  icons: McpIcon[]
  /** The `instructions` sent on `initialize`; present when configured. */
  instructions?: string
  /** The main server's capabilities, exactly as `initialize` declares them. */
  capabilities: McpServerCapabilities
}

/**
 * Builds `/mcp-server.json` from the main server of the model, as `initialize` does, so that
 * the two cannot disagree.
 *
 * @example
 * import { buildMcpServerInfo } from './build-mcp-server-info.js'
 * buildMcpServerInfo(model, 'https://notes.example.com').capabilities // { tools: { listChanged: false } }
 */
export function buildMcpServerInfo(model: PluginModel, origin: string): McpServerInfoDocument {
  const [main] = listMcpServers(model)
  if (!main) throw new TypeError('listMcpServers returned no main server')
  const { identity, instructions, capabilities } = main
  return {
    name: identity.name,
    version: identity.version,
    title: identity.title,
    ...(model.identity.homepage ? { website: model.identity.homepage } : {}),
    icons: listIcons(model, origin),
    ...(instructions ? { instructions } : {}),
    capabilities,
  }
}
