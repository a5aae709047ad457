import { listMcpServers } from '../../model/mcp-servers.js'
import type { PluginModel, ToolDefinition } from '../../model/plugin-model.js'
import { toPromptListing } from '../../model/prompts/prompt-listing.js'
import { toAgentEntry } from './agent-documents.js'
import {
  buildIconUrls,
  buildMcpServerUrl,
  buildResourceUrl,
  buildSkillUrls,
  buildToolRestUrl,
  buildWidgetPageUrl,
} from './document-urls.js'
import type {
  OverviewExternalServer,
  OverviewHostedServer,
  OverviewTool,
  PluginOverview,
} from './plugin-overview-types.js'

export type { PluginOverview } from './plugin-overview-types.js'

/** The name the overview gives the server at `/mcp`. */
const MAIN_SERVER_NAME = 'main'

/**
 * Builds `/com.portico.plugin/contents.json`: identity, style, and the catalogs of tools, tool
 * groups, skills, agents, widgets, prompts, resources, resource templates and MCP servers, every
 * link absolute. Pure and
 * deterministic: the model's order is kept, and the same model and origin give the same JSON.
 *
 * @example
 * import { buildPluginOverview } from './build-plugin-overview.js'
 * const json = JSON.stringify(buildPluginOverview(model, 'https://notes.example.com'))
 */
export function buildPluginOverview(model: PluginModel, origin: string): PluginOverview {
  const { identity, config } = model
  const servers = Object.entries(config.mcp.servers)
  const widgetToolIds = new Set(model.widgets.map((widget) => widget.toolId))
  const serversOfClass = (className: string) => [
    MAIN_SERVER_NAME,
    ...servers.filter(([, server]) => server.classes.includes(className)).map(([name]) => name),
  ]
  return {
    formatVersion: 1,
    identity: {
      name: identity.name,
      version: identity.version,
      title: identity.title,
      description: identity.description,
      ...(identity.author ? { author: identity.author } : {}),
      ...(identity.license ? { license: identity.license } : {}),
      ...(identity.homepage ? { homepage: identity.homepage } : {}),
      keywords: identity.keywords,
    },
    style: { color: config.style.color, icons: buildIconUrls(model, origin) },
    tools: model.tools.map((tool) => toOverviewTool(tool, origin, widgetToolIds.has(tool.id))),
    toolGroups: model.toolClasses.map((toolClass) => ({
      name: toolClass.name,
      ...(toolClass.description ? { description: toolClass.description } : {}),
      tools: toolClass.toolIds,
      mcpServers: serversOfClass(toolClass.name),
    })),
    skills: model.skills.map((skill) => ({
      name: skill.name,
      description: skill.description,
      ...buildSkillUrls(origin, skill.name),
      files: skill.files.map((file) => file.path),
    })),
    agents: model.agents.map((agent) => toAgentEntry(agent, origin)),
    widgets: model.widgets.map((widget) => ({
      toolId: widget.toolId,
      uri: widget.uri,
      url: buildWidgetPageUrl(origin, widget.toolId),
    })),
    prompts: model.prompts.map((prompt) => ({
      ...toPromptListing(prompt),
      ...(prompt.method
        ? { className: prompt.method.className, methodName: prompt.method.methodName }
        : {}),
    })),
    resources: model.resources.map((resource) => ({
      uri: resource.uri,
      name: resource.file.path,
      title: resource.file.path.slice(resource.file.path.lastIndexOf('/') + 1),
      mimeType: resource.mimeType,
      size: resource.size,
      url: buildResourceUrl(origin, resource.uri),
    })),
    resourceTemplates: model.resourceTemplates.map((template) => ({
      id: template.id,
      className: template.className,
      methodName: template.methodName,
      uriTemplate: template.uriTemplate,
      variables: template.variables,
      ...(template.title ? { title: template.title } : {}),
      ...(template.summary ? { summary: template.summary } : {}),
      ...(template.mimeType ? { mimeType: template.mimeType } : {}),
      mcpServers: serversOfClass(template.className),
    })),
    mcpServers: [...listHostedServers(model, origin), ...listExternalServers(model)],
  }
}

function toOverviewTool(tool: ToolDefinition, origin: string, hasWidget: boolean): OverviewTool {
  const annotations = Object.fromEntries(
    Object.entries(tool.annotations).filter(([, value]) => value !== undefined),
  )
  return {
    id: tool.id,
    className: tool.className,
    methodName: tool.methodName,
    ...(tool.annotations.title ? { title: tool.annotations.title } : {}),
    ...(tool.summary ? { summary: tool.summary } : {}),
    annotations,
    rest: buildToolRestUrl(origin, tool.className, tool.methodName),
    mcp: buildMcpServerUrl(origin, ''),
    ...(hasWidget ? { widget: buildWidgetPageUrl(origin, tool.id) } : {}),
  }
}

function listHostedServers(model: PluginModel, origin: string): OverviewHostedServer[] {
  return listMcpServers(model).map((server) => ({
    name: server.name === '' ? MAIN_SERVER_NAME : server.name,
    url: buildMcpServerUrl(origin, server.name),
    title: server.identity.title,
    tools: server.toolIds,
  }))
}

function listExternalServers(model: PluginModel): OverviewExternalServer[] {
  return Object.entries(model.config.mcp.external).map(([name, server]) => ({
    name,
    url: server.url,
    ...(server.title ? { title: server.title } : {}),
    external: true,
  }))
}
