import type { PluginModel } from '../../model/plugin-model.js'
import { buildManifestIdentity, type ManifestIdentity } from './plugin-manifest.js'

/**
 * `.claude-plugin/plugin.json`: the manifest of the agent plugin format (version 1.0). It names
 * no component paths: the package keeps every skill in `skills/`, every agent in `agents/` and
 * every MCP server in `.mcp.json`, the places Claude Code reads by default. Listing paths would
 * only risk losing some: an `agents` list of files replaces the `agents/` folder, and Claude Code
 * (2.1.197) then shows none of them in `claude plugin details`, while the folder form
 * `"./agents/"` fails its validator.
 */
export interface ClaudePluginManifest extends ManifestIdentity {
  displayName: string
}

/** The agent-plugin manifest of the package: the plugin's identity and its display name. */
export function buildClaudePluginManifest(model: PluginModel): ClaudePluginManifest {
  const { name, ...identity } = buildManifestIdentity(model.identity)
  return { name, displayName: model.identity.title, ...identity }
}
