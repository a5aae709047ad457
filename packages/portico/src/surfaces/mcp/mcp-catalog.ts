import type {
  Implementation,
  Prompt,
  Resource,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/server'
import { listMcpServers } from '../../model/mcp-servers.js'
import type {
  PluginModel,
  PromptDefinition,
  SkillDefinition,
  WidgetDefinition,
} from '../../model/plugin-model.js'
import { toPromptListing } from '../../model/prompts/prompt-listing.js'
import { type McpResultForm, toMcpTool } from './to-mcp-tool.js'
import { WIDGET_MIME_TYPE, widgetToolMeta } from './widget-resource.js'

/**
 * What one MCP server (`/mcp` or `/mcp/<name>`) offers, in the SDK's shapes, prepared once per
 * model load so that the per-request server only looks things up.
 */
export interface McpServerCatalog {
  /** `''` for the main server at `/mcp`, else the name in `mcp.servers`. */
  name: string
  serverInfo: Implementation
  instructions?: string
  capabilities: ServerCapabilities
  /** Each with the `_meta` link to its widget when it has one (both eras answer these). */
  tools: Tool[]
  /** Tool ids this server may call, and how each one's results travel. */
  callable: ReadonlyMap<string, { resultForm: McpResultForm }>
  prompts: ReadonlyMap<string, PromptDefinition>
  promptList: Prompt[]
  /** What `resources/list` answers: the widgets, then each skill's SKILL.md. */
  resources: Resource[]
  widgets: ReadonlyMap<string, WidgetDefinition>
  /** Skills offered through the MCP skills extension (main server only). */
  skills: SkillDefinition[]
}

/** The catalog of the main server (`''`) and of each named server, from the model's servers. */
export function buildMcpCatalogs(model: PluginModel): Map<string, McpServerCatalog> {
  const tools = new Map(model.tools.map((tool) => [tool.id, tool]))
  const prompts = new Map(model.prompts.map((prompt) => [prompt.name, prompt]))
  const widgets = new Map(model.widgets.map((widget) => [widget.toolId, widget]))
  const skills = new Map(model.skills.map((skill) => [skill.name, skill]))
  const pick = <T>(from: ReadonlyMap<string, T>, keys: string[]) =>
    keys.flatMap((key) => from.get(key) ?? [])

  const catalogs = new Map<string, McpServerCatalog>()
  for (const server of listMcpServers(model)) {
    const serverWidgets = pick(widgets, server.widgetToolIds)
    const widgetOf = new Map(serverWidgets.map((widget) => [widget.toolId, widget]))
    const projections = pick(tools, server.toolIds).map(toMcpTool)
    const serverPrompts = pick(prompts, server.promptNames)
    const serverSkills = pick(skills, server.skillNames)
    catalogs.set(server.name, {
      name: server.name,
      serverInfo: server.identity,
      ...(server.instructions ? { instructions: server.instructions } : {}),
      capabilities: server.capabilities,
      tools: projections.map(({ tool }) => {
        const widget = widgetOf.get(tool.name)
        return widget ? { ...tool, _meta: widgetToolMeta(widget) } : tool
      }),
      callable: new Map(
        projections.map(({ tool, resultForm }) => [tool.name, { resultForm }] as const),
      ),
      prompts: new Map(serverPrompts.map((prompt) => [prompt.name, prompt])),
      promptList: serverPrompts.map(toPromptListing),
      resources: [...serverWidgets.map(toWidgetResource), ...serverSkills.map(toSkillResource)],
      widgets: new Map(serverWidgets.map((widget) => [widget.uri, widget])),
      skills: serverSkills,
    })
  }
  return catalogs
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
