import type {
  Implementation,
  Prompt,
  Resource,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/server'
import type {
  PluginModel,
  PromptDefinition,
  SkillDefinition,
  WidgetDefinition,
} from '../../model/plugin-model.js'
import { toMcpTool } from './to-mcp-tool.js'

/** The MIME type MCP Apps hosts expect of a widget page. */
export const WIDGET_MIME_TYPE = 'text/html;profile=mcp-app'

/**
 * What one MCP server (`/mcp` or `/mcp/<name>`) offers, prepared once per model load so that
 * the per-request server only looks things up.
 */
export interface McpServerCatalog {
  /** `''` for the main server at `/mcp`, else the name in `mcp.servers`. */
  name: string
  serverInfo: Implementation
  instructions?: string
  capabilities: ServerCapabilities
  tools: Tool[]
  /** Tool ids this server may call, and which of them wrap their result. */
  callable: ReadonlyMap<string, { wrapsOutput: boolean }>
  prompts: ReadonlyMap<string, PromptDefinition>
  promptList: Prompt[]
  /** What `resources/list` answers: the widgets, then each skill's SKILL.md. */
  resources: Resource[]
  widgets: ReadonlyMap<string, WidgetDefinition>
  /** Skills offered through the MCP skills extension (main server only). */
  skills: SkillDefinition[]
}

/** The SDK's skills extension (SEP-2640): its capability key and the scheme of its URIs. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills'

/**
 * Builds the catalog of the main server and of each named server. The main server offers every
 * tool of the plugin, its prompts, its widgets and its skills; a named server offers the tools
 * of its classes and the widgets of those tools, no prompts and no skills.
 */
export function buildMcpCatalogs(model: PluginModel): Map<string, McpServerCatalog> {
  const catalogs = new Map<string, McpServerCatalog>()
  catalogs.set('', buildCatalog(model, '', undefined))
  for (const [name, server] of Object.entries(model.config.mcp.servers)) {
    catalogs.set(name, buildCatalog(model, name, new Set(server.classes)))
  }
  return catalogs
}

function buildCatalog(
  model: PluginModel,
  name: string,
  classes: ReadonlySet<string> | undefined,
): McpServerCatalog {
  const named = name === '' ? undefined : model.config.mcp.servers[name]
  const definitions = model.tools.filter((tool) => !classes || classes.has(tool.className))
  const projections = definitions.map(toMcpTool)
  const toolIds = new Set(definitions.map((tool) => tool.id))
  const widgets = model.widgets.filter((widget) => toolIds.has(widget.toolId))
  const prompts = name === '' ? model.prompts : []
  const skills = name === '' ? model.skills : []

  const capabilities: ServerCapabilities = { tools: { listChanged: false } }
  if (prompts.length > 0) capabilities.prompts = { listChanged: false }
  // Skill files are MCP resources too (`skill://<name>/...`), read through the skills extension.
  if (widgets.length > 0 || skills.length > 0)
    capabilities.resources = { subscribe: false, listChanged: false }
  if (skills.length > 0)
    capabilities.extensions = { [SKILLS_EXTENSION_ID]: { directoryRead: true } }

  const { identity } = model
  // Icons given as URLs; icon files of the plugin are served (and listed) by /icons/:index.
  const icons = model.config.style.icons
    .filter((icon) => /^https?:\/\//.test(icon))
    .map((src) => ({ src }))
  const serverInfo: Implementation = {
    name: name === '' ? identity.name : `${identity.name}/${name}`,
    version: identity.version,
    title: named?.title ?? (name === '' ? identity.title : `${identity.title}: ${name}`),
    ...(named?.description || identity.description
      ? { description: named?.description ?? identity.description }
      : {}),
    ...(identity.homepage ? { websiteUrl: identity.homepage } : {}),
    ...(icons.length > 0 ? { icons } : {}),
  }
  const instructions = name === '' ? model.config.mcp.instructions : undefined
  return {
    name,
    serverInfo,
    ...(instructions ? { instructions } : {}),
    capabilities,
    tools: projections.map((projection) => projection.tool),
    callable: new Map(
      definitions.map((tool, index) => [
        tool.id,
        { wrapsOutput: projections[index]?.wrapsOutput ?? false },
      ]),
    ),
    prompts: new Map(prompts.map((prompt) => [prompt.name, prompt])),
    promptList: prompts.map(toMcpPrompt),
    resources: [...widgets.map(toWidgetResource), ...skills.map(toSkillResource)],
    widgets: new Map(widgets.map((widget) => [widget.uri, widget])),
    skills,
  }
}

function toMcpPrompt(prompt: PromptDefinition): Prompt {
  return {
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
    arguments: prompt.arguments.map((argument) => ({
      name: argument.name,
      ...(argument.description ? { description: argument.description } : {}),
      required: argument.required,
    })),
  }
}

function toWidgetResource(widget: WidgetDefinition): Resource {
  return {
    uri: widget.uri,
    name: widget.toolId,
    title: `Widget of ${widget.toolId}`,
    mimeType: WIDGET_MIME_TYPE,
  }
}

/** A skill's entry in `resources/list`, as the SDK's skills catalog lists it. */
function toSkillResource(skill: SkillDefinition): Resource {
  const skillMd = skill.files.find((file) => file.path === 'SKILL.md')
  return {
    name: skill.name,
    uri: `skill://${skill.name}/SKILL.md`,
    description: skill.description,
    mimeType: 'text/markdown',
    size: skillMd ? Buffer.byteLength(skillMd.base64, 'base64') : 0,
  }
}
