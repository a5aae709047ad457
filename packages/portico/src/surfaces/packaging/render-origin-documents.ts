import type { PluginModel } from '../../model/plugin-model.js'
import { buildAgentJson, buildAgentsCatalog } from '../documents/agent-documents.js'
import { buildMcpConfig } from '../documents/mcp-config.js'
import { buildMcpServerInfo } from '../documents/mcp-server-info.js'
import { buildPluginManifest } from '../documents/plugin-manifest.js'
import { buildPluginOverview } from '../documents/plugin-overview.js'
import { buildSkillsCatalog } from '../documents/skill-documents.js'
import type { OriginDocuments } from './served-files.js'

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
