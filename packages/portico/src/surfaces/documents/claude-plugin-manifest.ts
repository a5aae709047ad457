import type { PluginModel } from '../../model/plugin-model.js'
import { toKebabName } from './document-urls.js'

/** `.claude-plugin/plugin.json`: the manifest of the agent plugin format (version 1.0). */
export interface ClaudePluginManifest {
  name: string
  displayName: string
  version: string
  description: string
  author?: { name: string }
  homepage?: string
  license?: string
  keywords: string[]
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
  const { identity } = model
  return {
    name: toKebabName(identity.name),
    displayName: identity.title,
    version: identity.version,
    description: identity.description,
    ...(identity.author ? { author: { name: identity.author } } : {}),
    ...(identity.homepage ? { homepage: identity.homepage } : {}),
    ...(identity.license ? { license: identity.license } : {}),
    keywords: identity.keywords,
    ...(model.skills.length > 0 ? { skills: './skills/' } : {}),
    ...(model.agents.length > 0
      ? { agents: model.agents.map((agent) => `./agents/${agent.name}.md`) }
      : {}),
    mcpServers: './.mcp.json',
  }
}
