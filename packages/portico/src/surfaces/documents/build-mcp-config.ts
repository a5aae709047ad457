import type { PluginModel } from '../../model/plugin-model.js'
import { buildMcpServerUrl, toKebabName } from './document-urls.js'

/** One remote server entry as Claude Code's `.mcp.json` wants it: `type` is required. */
export interface McpHttpServerEntry {
  /** Streamable HTTP. */
  type: 'http'
  /** Absolute URL of the MCP endpoint. */
  url: string
}

/** `/mcp.json` (and `.mcp.json` in `/plugin.zip`): every MCP server of the plugin, by key. */
export interface McpConfigDocument {
  mcpServers: Record<string, McpHttpServerEntry>
}

/**
 * Builds `/mcp.json` in Claude Code's shape. Keys, in this order: the plugin name made
 * kebab-case for the main server (`<origin>/mcp`); `<plugin>-<server>` for each named server
 * (`<origin>/mcp/<server>`), in config order; the config's name of each external server, made
 * kebab-case, at its own URL. Should two keys collide, the entry listed first keeps the key.
 *
 * @example
 * import { buildMcpConfig } from './build-mcp-config.js'
 * buildMcpConfig(model, 'https://notes.example.com')
 * // { mcpServers: { notes: { type: 'http', url: 'https://notes.example.com/mcp' }, … } }
 */
export function buildMcpConfig(model: PluginModel, origin: string): McpConfigDocument {
  const plugin = toKebabName(model.identity.name)
  const entries: [string, string][] = [[plugin, buildMcpServerUrl(origin, '')]]
  for (const server of Object.keys(model.config.mcp.servers)) {
    entries.push([`${plugin}-${toKebabName(server)}`, buildMcpServerUrl(origin, server)])
  }
  for (const [name, external] of Object.entries(model.config.mcp.external)) {
    entries.push([toKebabName(name), external.url])
  }
  const mcpServers: Record<string, McpHttpServerEntry> = {}
  for (const [key, url] of entries) {
    if (!Object.hasOwn(mcpServers, key)) mcpServers[key] = { type: 'http', url }
  }
  return { mcpServers }
}
