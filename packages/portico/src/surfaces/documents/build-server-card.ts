import { listIcons, type McpIcon } from '../../model/assets/list-icons.js'
import { listMcpServers, type McpServerDefinition } from '../../model/mcp-servers.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildMcpServerUrl, toKebabName } from './document-urls.js'

/** The `$schema` every Server Card names (the `v1` family of the experimental extension). */
export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

/** The media type of a Server Card. */
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json'

/**
 * An MCP Server Card (SEP-2127, modelcontextprotocol/experimental-ext-server-card): who a
 * hosted MCP server is and where to connect, before connecting. It lists no tools, prompts or
 * resources: those stay with the protocol's list calls.
 */
export interface ServerCard {
  $schema: typeof SERVER_CARD_SCHEMA
  /** `<reversed host>/<plugin>[-<server>]`: reverse-DNS, one slash, as the schema asks. */
  name: string
  version: string
  /** At most 100 characters, as the schema asks; cut with an ellipsis when longer. */
  description: string
  title: string
  websiteUrl?: string
  icons?: McpIcon[]
  /**
   * The server's streamable-HTTP endpoint. No `supportedProtocolVersions`: the list lives in the
   * MCP surface, which this one may not import, and the field is optional.
   */
  remotes: { type: 'streamable-http'; url: string }[]
}

/** The one MCP server of a card, and where the card is served. */
export interface ServedServerCard {
  /** `''` for the main server. */
  server: string
  /** `/mcp/server-card` or `/mcp/<server>/server-card`: `<streamable-http-url>/server-card`. */
  path: string
  card: ServerCard
}

const MAX_TEXT = 100

/**
 * The Server Card of each hosted MCP server of the plugin, main first, for one origin. Identity
 * and capabilities come from `listMcpServers`, as `initialize` and `/mcp-server.json` do.
 *
 * @example
 * import { buildServerCards } from './build-server-card.js'
 * buildServerCards(model, 'https://notes.example.com')[0]?.card.name // 'com.example.notes/notes'
 */
export function buildServerCards(model: PluginModel, origin: string): ServedServerCard[] {
  const namespace = reverseHost(origin)
  const icons = listIcons(model, origin)
  return listMcpServers(model).map((server) => {
    const url = buildMcpServerUrl(origin, server.name)
    return {
      server: server.name,
      path: `${new URL(url).pathname}/server-card`,
      card: buildServerCard(model, server, namespace, url, icons),
    }
  })
}

function buildServerCard(
  model: PluginModel,
  server: McpServerDefinition,
  namespace: string,
  url: string,
  icons: McpIcon[],
): ServerCard {
  const { identity } = server
  const plugin = toKebabName(model.identity.name)
  const title = cut(identity.title) || plugin
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${namespace}/${server.name === '' ? plugin : `${plugin}-${toKebabName(server.name)}`}`,
    version: identity.version,
    description: cut(identity.description ?? '') || title,
    title,
    ...(identity.websiteUrl ? { websiteUrl: identity.websiteUrl } : {}),
    ...(icons.length > 0 ? { icons } : {}),
    remotes: [{ type: 'streamable-http', url }],
  }
}

/** `https://notes.example.com:8443` → `com.example.notes`: the host's labels, reversed. */
function reverseHost(origin: string): string {
  return new URL(origin).hostname
    .replace(/^\[|\]$/g, '')
    .replace(/:/g, '-')
    .split('.')
    .reverse()
    .join('.')
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= MAX_TEXT ? line : `${line.slice(0, MAX_TEXT - 1).trimEnd()}…`
}
