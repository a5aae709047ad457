import type { PluginModel } from '../../model/plugin-model.js'
import { buildAgentJson, buildAgentsCatalog } from './agent-documents.js'
import { buildAgentSkillsIndex } from './build-agent-skills-index.js'
import { buildApiCatalog } from './build-api-catalog.js'
import { buildLlmsTxt } from './build-llms-txt.js'
import { buildMarketplace } from './build-marketplace.js'
import { buildMcpConfig } from './build-mcp-config.js'
import { buildMcpServerInfo } from './build-mcp-server-info.js'
import { buildPluginOverview } from './build-plugin-overview.js'
import { buildSkillsCatalog } from './build-skills-catalog.js'
import { buildPluginManifest } from './plugin-manifest.js'
import type { OriginDocuments } from './served-files.js'

/** Renders every origin-dependent document of the plugin for one origin. */
export function renderOriginDocuments(model: PluginModel, origin: string): OriginDocuments {
  const overview = buildPluginOverview(model, origin)
  return {
    pluginManifest: buildPluginManifest(model, origin),
    mcpConfig: buildMcpConfig(model, origin),
    mcpServerInfo: buildMcpServerInfo(model, origin),
    overview,
    skillsCatalog: buildSkillsCatalog(model, origin),
    agentsCatalog: buildAgentsCatalog(model, origin),
    agentJson: (agent) => buildAgentJson(agent, model),
    marketplace: (pluginZip) => buildMarketplace(model, origin, pluginZip),
    llmsTxt: buildLlmsTxt(overview, origin),
    apiCatalog: buildApiCatalog(origin),
    agentSkillsIndex: (packages) => buildAgentSkillsIndex(model, origin, packages),
  }
}
