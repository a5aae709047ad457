import type { PluginModel } from '../../model/plugin-model.js'
import { buildManifestIdentity, type ManifestIdentity } from './plugin-manifest.js'

/** `.claude-plugin/plugin.json`: the manifest of the agent plugin format (version 1.0). */
export interface ClaudePluginManifest extends ManifestIdentity {
  displayName: string
  /** Paths inside the package; they start with `./`, as the format requires. */
  skills?: string
  agents?: string[]
  mcpServers: string
}

/**
 * The agent-plugin manifest of the package: identity, and where its skills, agents and MCP
 * configuration lie inside the zip.
 */
export function buildClaudePluginManifest(model: PluginModel): ClaudePluginManifest {
  const { name, ...identity } = buildManifestIdentity(model.identity)
  return {
    name,
    displayName: model.identity.title,
    ...identity,
    ...(model.skills.length > 0 ? { skills: './skills/' } : {}),
    ...(model.agents.length > 0
      ? { agents: model.agents.map((agent) => `./agents/${agent.name}.md`) }
      : {}),
    mcpServers: './.mcp.json',
  }
}
