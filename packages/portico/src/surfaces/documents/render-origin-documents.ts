import type { PluginModel } from '../../model/plugin-model.js'
import { buildAgentJson, buildAgentsCatalog } from './agent-documents.js'
import { buildMcpConfig } from './mcp-config.js'
import { buildMcpServerInfo } from './mcp-server-info.js'
import { buildPluginManifest } from './plugin-manifest.js'
import { buildPluginOverview } from './plugin-overview.js'
import type { OriginDocuments } from './served-files.js'
import { buildSkillsCatalog } from './skill-documents.js'

/** Renders every origin-dependent document of the plugin for one origin. */
export function renderOriginDocuments(model: PluginModel, origin: string): OriginDocuments {
  return {
    pluginManifest: buildPluginManifest(model, origin),
    mcpConfig: buildMcpConfig(model, origin),
    mcpServerInfo: buildMcpServerInfo(model, origin),
    overview: buildPluginOverview(model, origin),
    skillsCatalog: buildSkillsCatalog(model, origin),
    agentsCatalog: buildAgentsCatalog(model, origin),
    agentJson: (agent) => buildAgentJson(agent, model),
  }
}
