import type { McpConfigDocument } from '../../../portico/src/surfaces/documents/build-mcp-config.js'

export type { McpConfigDocument }

/** Where the server publishes the plugin's MCP servers in Claude Code's `.mcp.json` shape. */
export const MCP_CONFIG_PATH = '/mcp.json'

/** Quotes a word for a POSIX shell, leaving plain words (URLs, names) as they are. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/**
 * The name a client should give a server: its key in `/mcp.json` (the server chose it there),
 * else the plugin's name.
 */
export function serverKey(config: McpConfigDocument | undefined, url: string, fallback: string) {
  const entry = Object.entries(config?.mcpServers ?? {}).find(([, server]) => server.url === url)
  return entry?.[0] ?? fallback
}

/** Adds a remote server to Claude Code. */
export function claudeCodeCommand(name: string, url: string): string {
  return `claude mcp add --transport http ${shellQuote(name)} ${shellQuote(url)}`
}

/** Cursor's install link: the server config travels base64-encoded in `config`. */
export function cursorInstallLink(name: string, url: string): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ url }))
  const config = btoa(String.fromCharCode(...bytes))
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(config)}`
}

/** VS Code's install link: the server entry, URL-encoded JSON. */
export function vscodeInstallLink(name: string, url: string): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: 'http', url }))}`
}

/** What the stdio snippet puts where the plugin's folder goes: only its user knows the path. */
export const PLUGIN_FOLDER_PLACEHOLDER = '/path/to/plugin'

/** One server a client launches itself, in the `mcpServers` shape. */
export interface StdioConfig {
  mcpServers: Record<string, { command: string; args: string[] }>
}

/**
 * The config of a client that launches local servers (Claude Desktop and others) for one hosted
 * server (`main`, or a name of `mcp.servers`): `portico stdio` from the plugin's folder. npx
 * runs the plugin's own Portico through `--prefix`, since a client starts servers in a folder
 * of its own, where no Portico is installed.
 */
export function stdioConfig(name: string, server: string): StdioConfig {
  const folder = PLUGIN_FOLDER_PLACEHOLDER
  const named = server === 'main' ? [] : ['--server', server]
  return {
    mcpServers: {
      [name]: { command: 'npx', args: ['--prefix', folder, 'portico', 'stdio', folder, ...named] },
    },
  }
}
