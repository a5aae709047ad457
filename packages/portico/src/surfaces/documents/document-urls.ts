import { listIcons } from '../../model/assets/list-icons.js'
import type { PluginModel } from '../../model/plugin-model.js'

/** Where one skill is served: its zip, the same bytes as `.skill`, and its SKILL.md. */
export interface SkillUrls {
  /** `<origin>/skills/<name>.zip` */
  zip: string
  /** `<origin>/skills/<name>.skill` */
  skill: string
  /** `<origin>/skills/<name>/SKILL.md` */
  browse: string
}

/** Where one agent is served. */
export interface AgentUrls {
  /** `<origin>/agents/<name>.md` */
  markdown: string
  /** `<origin>/agents/<name>.json` */
  json: string
  /** `<origin>/#/agents/<name>`: the agent's page in the docs site. */
  html: string
}

/** The plugin-level links of `extensions["com.portico.plugin"]` in `/plugin.json`. */
export interface PluginLinks {
  /** `<origin>/open-api.json` */
  openApi: string
  /** `<origin>/com.portico.plugin/contents.json` */
  overview: string
  /** `<origin>/plugin.zip` */
  package: string
}

/** Joins the origin (a trailing slash is dropped) and an absolute path. */
export function buildDocumentUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`
}

/** The links of `/plugin.json`'s extension object. */
export function buildPluginLinks(origin: string): PluginLinks {
  return {
    openApi: buildDocumentUrl(origin, '/open-api.json'),
    overview: buildDocumentUrl(origin, '/com.portico.plugin/contents.json'),
    package: buildDocumentUrl(origin, '/plugin.zip'),
  }
}

/** `<origin>/mcp` for the main server (`''`), `<origin>/mcp/<server>` for a named one. */
export function buildMcpServerUrl(origin: string, server: string): string {
  return buildDocumentUrl(origin, server === '' ? '/mcp' : `/mcp/${encodeURIComponent(server)}`)
}

/** `<origin>/api/<Class>/<method>`: the REST operation of a tool. */
export function buildToolRestUrl(origin: string, className: string, methodName: string): string {
  return buildDocumentUrl(
    origin,
    `/api/${encodeURIComponent(className)}/${encodeURIComponent(methodName)}`,
  )
}

/** `<origin>/api/resources?uri=<uri>`: a resource's bytes over REST. */
export function buildResourceUrl(origin: string, uri: string): string {
  return buildDocumentUrl(origin, `/api/resources?uri=${encodeURIComponent(uri)}`)
}

/** `<origin>/widgets/<toolId>`: the page of a tool's widget. */
export function buildWidgetPageUrl(origin: string, toolId: string): string {
  return buildDocumentUrl(origin, `/widgets/${encodeURIComponent(toolId)}`)
}

/** The URLs of one skill. */
export function buildSkillUrls(origin: string, name: string): SkillUrls {
  const base = buildDocumentUrl(origin, `/skills/${encodeURIComponent(name)}`)
  return { zip: `${base}.zip`, skill: `${base}.skill`, browse: `${base}/SKILL.md` }
}

/** The URLs of one agent. */
export function buildAgentUrls(origin: string, name: string): AgentUrls {
  const base = buildDocumentUrl(origin, `/agents/${encodeURIComponent(name)}`)
  const page = buildDocumentUrl(origin, `/#/agents/${encodeURIComponent(name)}`)
  return { markdown: `${base}.md`, json: `${base}.json`, html: page }
}

/**
 * The absolute URL of each icon the server shows (see `listIcons`), the main icon first:
 * `<origin>/icons/<index>` for a file the server carries, the URL itself for an icon hosted
 * elsewhere.
 */
export function buildIconUrls(model: PluginModel, origin: string): string[] {
  return listIcons(model, origin).map((icon) => icon.src)
}

/**
 * `@acme/Notes_Tools` → `acme-notes-tools`: a name made safe as an MCP config key and as an
 * agent-plugin name (`^[a-z][a-z0-9]*(-[a-z0-9]+)*$` apart from a leading digit).
 */
export function toKebabName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/^@/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'plugin'
  )
}
