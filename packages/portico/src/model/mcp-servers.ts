import { listIcons, type McpIcon } from './assets/list-icons.js'
import type { PluginModel } from './plugin-model.js'

/** The capability key of the MCP skills extension (SEP-2640). */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills'

/** The capability key of the MCP tasks extension (SEP-2663), offered by a server with `@task` tools. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks'

/** What an MCP server declares on `initialize`, as plain data. */
export interface McpServerCapabilities {
  tools: { listChanged: boolean }
  /** Every tool may log through `ctx.log`. */
  logging: Record<string, never>
  prompts?: { listChanged: boolean }
  resources?: { subscribe: boolean; listChanged: boolean }
  /** `completion/complete`, for prompt arguments and template variables. */
  completions?: Record<string, never>
  extensions?: Record<string, Record<string, boolean>>
}

/** Who an MCP server says it is (`serverInfo`). */
export interface McpServerIdentity {
  name: string
  version: string
  title: string
  description?: string
  websiteUrl?: string
  /**
   * Icons given as URLs; icon files (or the default icon) only with `server.publicUrl`, the one
   * origin known before a request: their absolute URL needs it.
   */
  icons?: McpIcon[]
}

/**
 * One MCP server of the plugin: `/mcp` (name `''`) or `/mcp/<name>`. Every surface that speaks
 * of servers (MCP itself, `/mcp-server.json`, the overview) reads this, so they cannot disagree.
 */
export interface McpServerDefinition {
  /** `''` for the main server at `/mcp`, else its key in `mcp.servers`. */
  name: string
  identity: McpServerIdentity
  instructions?: string
  capabilities: McpServerCapabilities
  /** The tools it offers, in model order. */
  toolIds: string[]
  /** Its prompts, widgets (by tool id) and skills, by name. */
  promptNames: string[]
  widgetToolIds: string[]
  skillNames: string[]
  /** Its static resources (the files of `resources/`), by URI, and its resource templates, by id. */
  resourceUris: string[]
  resourceTemplateIds: string[]
}

/**
 * The plugin's MCP servers, main first, then `mcp.servers` in config order. The main server
 * offers every tool, prompt, widget, skill, resource and resource template; a named server offers
 * the tools and templates of its classes and the widgets of those tools, no prompts, no skills
 * and no static resources.
 */
export function listMcpServers(model: PluginModel): McpServerDefinition[] {
  const named = Object.entries(model.config.mcp.servers).map(([name, server]) =>
    describeServer(model, name, new Set(server.classes)),
  )
  return [describeServer(model, '', undefined), ...named]
}

function describeServer(
  model: PluginModel,
  name: string,
  classes: ReadonlySet<string> | undefined,
): McpServerDefinition {
  const main = name === ''
  const named = main ? undefined : model.config.mcp.servers[name]
  const toolIds = model.tools
    .filter((tool) => !classes || classes.has(tool.className))
    .map((tool) => tool.id)
  const offered = new Set(toolIds)
  const widgetToolIds = model.widgets
    .filter((widget) => offered.has(widget.toolId))
    .map((widget) => widget.toolId)
  const promptNames = main ? model.prompts.map((prompt) => prompt.name) : []
  const skillNames = main ? model.skills.map((skill) => skill.name) : []
  const resourceUris = main ? model.resources.map((resource) => resource.uri) : []
  const resourceTemplateIds = model.resourceTemplates
    .filter((template) => !classes || classes.has(template.className))
    .map((template) => template.id)

  const capabilities: McpServerCapabilities = { tools: { listChanged: false }, logging: {} }
  if (promptNames.length > 0) capabilities.prompts = { listChanged: false }
  // Skill files are MCP resources too (`skill://<name>/...`), read through the skills extension.
  const resourceCount =
    widgetToolIds.length + skillNames.length + resourceUris.length + resourceTemplateIds.length
  // Subscriptions are taken and never notified: resources change only with the model.
  if (resourceCount > 0) capabilities.resources = { subscribe: true, listChanged: false }
  if (promptNames.length > 0 || resourceTemplateIds.length > 0) capabilities.completions = {}
  if (skillNames.length > 0)
    capabilities.extensions = { [SKILLS_EXTENSION_ID]: { directoryRead: true } }
  if (model.tools.some((tool) => tool.task !== undefined && offered.has(tool.id)))
    capabilities.extensions = { ...capabilities.extensions, [TASKS_EXTENSION_ID]: {} }

  const { identity } = model
  const icons = listIcons(model, model.config.server.publicUrl)
  const description = named?.description ?? identity.description
  const instructions = main ? model.config.mcp.instructions : undefined
  return {
    name,
    identity: {
      name: main ? identity.name : `${identity.name}/${name}`,
      version: identity.version,
      title: named?.title ?? (main ? identity.title : `${identity.title}: ${name}`),
      ...(named?.description || identity.description ? { description } : {}),
      ...(identity.homepage ? { websiteUrl: identity.homepage } : {}),
      ...(icons.length > 0 ? { icons } : {}),
    },
    ...(instructions ? { instructions } : {}),
    capabilities,
    toolIds,
    promptNames,
    widgetToolIds,
    skillNames,
    resourceUris,
    resourceTemplateIds,
  }
}
