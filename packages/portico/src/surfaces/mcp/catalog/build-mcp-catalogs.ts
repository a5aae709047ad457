import type {
  Implementation,
  Prompt,
  Resource,
  ResourceTemplateType,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/server'
import type { JsonSchema } from '../../../core/json-schema.js'
import { listMcpServers, SKILLS_EXTENSION_ID } from '../../../model/mcp-servers.js'
import type {
  PluginModel,
  PromptDefinition,
  ResourceFileDefinition,
  ResourceTemplateDefinition,
  SkillDefinition,
  WidgetDefinition,
} from '../../../model/plugin-model.js'
import { toPromptListing } from '../../../model/prompts/prompt-listing.js'
import type { ResourceScope } from '../../../model/resources/resource-index.js'
import { WIDGET_MIME_TYPE } from '../../../model/widgets/widget-contents.js'
import { type PagedList, paginateList } from './paginate-list.js'
import { type McpResultForm, toMcpTool } from './to-mcp-tool.js'
import { widgetToolMeta } from './widget-tool-meta.js'

/** How a server calls one of its tools (see {@link McpServerCatalog.callable}). */
export interface McpCallable {
  resultForm: McpResultForm
  headers: boolean
  /** The tool's `@task` support, if any (see `ToolDefinition.task`). */
  task: 'optional' | 'required' | undefined
}

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
  /**
   * Tool ids this server may call, how each one's results travel, and whether it declares
   * `Mcp-Param-*` headers (the SDK checks those, so such calls skip the hot path in 2026-07-28).
   */
  callable: ReadonlyMap<string, McpCallable>
  prompts: ReadonlyMap<string, PromptDefinition>
  promptList: Prompt[]
  /** What `resources/list` answers: the widgets, each skill's SKILL.md, then the static files. */
  resources: Resource[]
  /** What `resources/templates/list` answers: the skills' template, then the plugin's. */
  resourceTemplates: ResourceTemplateType[]
  /** The four lists in pages of `limits.mcpListPageSize`, as the MCP list methods answer them. */
  pages: McpListPages
  /** Which files and templates `resources/read` finds: a named server has no files. */
  resourceScope: ResourceScope
  /** What `completion/complete` offers, before the prefix filters it. */
  completions: CompletionCatalog
  widgets: ReadonlyMap<string, WidgetDefinition>
  /** Skills offered through the MCP skills extension (main server only). */
  skills: SkillDefinition[]
}

/** Each MCP list of a server in pages, by the key its result holds the entries under. */
export interface McpListPages {
  tools: PagedList<Tool>
  prompts: PagedList<Prompt>
  resources: PagedList<Resource>
  resourceTemplates: PagedList<ResourceTemplateType>
}

/** Candidates by argument (or variable) name, for each prompt (by name) or template (by URI template). */
export interface CompletionCatalog {
  prompts: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>
  templates: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>
}

/** The catalog of the main server (`''`) and of each named server, from the model's servers. */
export function buildMcpCatalogs(model: PluginModel): Map<string, McpServerCatalog> {
  const tools = new Map(model.tools.map((tool) => [tool.id, tool]))
  const prompts = new Map(model.prompts.map((prompt) => [prompt.name, prompt]))
  const widgets = new Map(model.widgets.map((widget) => [widget.toolId, widget]))
  const skills = new Map(model.skills.map((skill) => [skill.name, skill]))
  const files = new Map(model.resources.map((resource) => [resource.uri, resource]))
  const templates = new Map(model.resourceTemplates.map((template) => [template.id, template]))
  const pick = <T>(from: ReadonlyMap<string, T>, keys: string[]) =>
    keys.flatMap((key) => from.get(key) ?? [])
  const pageSize = model.config.limits.mcpListPageSize

  const catalogs = new Map<string, McpServerCatalog>()
  for (const server of listMcpServers(model)) {
    const serverWidgets = pick(widgets, server.widgetToolIds)
    const widgetOf = new Map(serverWidgets.map((widget) => [widget.toolId, widget]))
    const projections = pick(tools, server.toolIds).map(toMcpTool)
    const serverPrompts = pick(prompts, server.promptNames)
    const serverSkills = pick(skills, server.skillNames)
    const serverFiles = pick(files, server.resourceUris)
    const serverTemplates = pick(templates, server.resourceTemplateIds)
    const serverTools = projections.map(({ tool }) => {
      const widget = widgetOf.get(tool.name)
      return widget ? { ...tool, _meta: { ...tool._meta, ...widgetToolMeta(widget) } } : tool
    })
    const promptList = serverPrompts.map(toPromptListing)
    const resources = [
      ...serverWidgets.map(toWidgetResource),
      ...serverSkills.map(toSkillResource),
      ...serverFiles.map(toFileResource),
    ]
    const resourceTemplates = [
      ...(serverSkills.length > 0 ? [SKILLS_RESOURCE_TEMPLATE] : []),
      ...serverTemplates.map(toResourceTemplate),
    ]
    catalogs.set(server.name, {
      name: server.name,
      serverInfo: server.identity,
      ...(server.instructions ? { instructions: server.instructions } : {}),
      capabilities: server.capabilities,
      tools: serverTools,
      callable: new Map(
        projections.map(
          ({ tool, resultForm }) =>
            [
              tool.name,
              {
                resultForm,
                headers: declaresHeaders(tool.inputSchema),
                task: tools.get(tool.name)?.task,
              },
            ] as const,
        ),
      ),
      prompts: new Map(serverPrompts.map((prompt) => [prompt.name, prompt])),
      promptList,
      resources,
      resourceTemplates,
      pages: {
        tools: paginateList(serverTools, pageSize),
        prompts: paginateList(promptList, pageSize),
        resources: paginateList(resources, pageSize),
        resourceTemplates: paginateList(resourceTemplates, pageSize),
      },
      resourceScope: {
        files: server.resourceUris.length > 0,
        templateIds: new Set(server.resourceTemplateIds),
      },
      completions: {
        prompts: new Map(serverPrompts.map((prompt) => [prompt.name, promptCandidates(prompt)])),
        templates: new Map(
          serverTemplates.map((template) => [template.uriTemplate, variableCandidates(template)]),
        ),
      },
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

/** The template the SDK's skills extension registers for `skill://` files, as it lists it. */
const SKILLS_RESOURCE_TEMPLATE: ResourceTemplateType = {
  name: SKILLS_EXTENSION_ID,
  uriTemplate: 'skill://{+path}',
}

/** A file of `resources/`: named by its path, titled by its file name. */
function toFileResource(resource: ResourceFileDefinition): Resource {
  const { path } = resource.file
  return {
    uri: resource.uri,
    name: path,
    title: path.slice(path.lastIndexOf('/') + 1),
    mimeType: resource.mimeType,
    size: resource.size,
  }
}

function toResourceTemplate(template: ResourceTemplateDefinition): ResourceTemplateType {
  return {
    uriTemplate: template.uriTemplate,
    name: template.id,
    ...(template.title ? { title: template.title } : {}),
    ...(template.description ? { description: template.description } : {}),
    ...(template.mimeType ? { mimeType: template.mimeType } : {}),
  }
}

/** The values each argument of a prompt declares. */
function promptCandidates(prompt: PromptDefinition): Map<string, readonly string[]> {
  return new Map(prompt.arguments.map((argument) => [argument.name, argument.values ?? []]))
}

/** The literals each variable of a template may be, as text: an enum's, or a boolean's. */
function variableCandidates(template: ResourceTemplateDefinition): Map<string, readonly string[]> {
  return new Map(
    template.variables.map((name) => [
      name,
      literalsOf(template.inputSchema.properties?.[name] ?? {}),
    ]),
  )
}

function literalsOf(schema: JsonSchema): string[] {
  const literals = schema.enum ?? (schema.const === undefined ? undefined : [schema.const])
  if (literals) return literals.map(String)
  return schema.type === 'boolean' ? ['true', 'false'] : []
}

/** Whether a tool mirrors arguments in `Mcp-Param-*` headers (SEP-2243, `@mcpHeader`). */
function declaresHeaders(inputSchema: Tool['inputSchema']): boolean {
  return Object.values(inputSchema.properties ?? {}).some(
    (property) => typeof property === 'object' && property !== null && 'x-mcp-header' in property,
  )
}
