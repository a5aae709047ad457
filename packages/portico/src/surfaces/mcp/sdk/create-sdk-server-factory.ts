import type { McpServer } from '@modelcontextprotocol/server'
import { memorySkillFiles, SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { SkillDefinition } from '../../../model/plugin-model.js'
import type { InputRounds } from '../calls/create-input-rounds.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import { listCacheHint } from '../catalog/list-cache-hint.js'
import type { McpSubscriptions } from '../subscriptions/create-subscriptions.js'
import { createMcpServerFactory, type McpRequestScope } from './create-mcp-server-factory.js'

/**
 * The server factory of one MCP server with everything it attaches loaded: the plugin's skills
 * as the SDK's skills extension, when the server offers skills. Both the per-request SDK leg
 * and the stateful sessions build their servers with it.
 */
export async function createSdkServerFactory(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: { dev: boolean; rounds: InputRounds; subscriptions?: McpSubscriptions },
): Promise<(scope: McpRequestScope) => McpServer> {
  const { dev, rounds, subscriptions } = options
  const skills =
    catalog.skills.length > 0 ? await loadSkillsExtension(catalog.skills, runtime, dev) : undefined
  return createMcpServerFactory(catalog, runtime, {
    dev,
    rounds,
    ...(skills ? { skills } : {}),
    ...(subscriptions ? { subscriptions } : {}),
  })
}

/**
 * The plugin's skills as the SDK's catalog, from the files in the model (validated at load, so
 * `strict` turns any disagreement into an error rather than a skill silently dropped).
 */
function loadSkillsExtension(
  skills: SkillDefinition[],
  runtime: ToolRuntime,
  dev: boolean,
): Promise<SkillsExtension> {
  const files: Record<string, Uint8Array> = {}
  for (const skill of skills) {
    for (const file of skill.files)
      files[`${skill.name}/${file.path}`] = new Uint8Array(Buffer.from(file.base64, 'base64'))
  }
  return SkillsExtension.load(memorySkillFiles(files), {
    strict: true,
    cacheHint: listCacheHint(runtime.model, dev),
  })
}
