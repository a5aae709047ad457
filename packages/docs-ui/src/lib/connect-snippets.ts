import type { McpConfigDocument } from '../../../portico/src/surfaces/documents/mcp-config.js'

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
