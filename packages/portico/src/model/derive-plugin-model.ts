import { configFileName, loadConfig } from '../config/load-config.js'
import { PluginDefinitionError } from '../errors/plugin-definition-error.js'
import { findToolFiles } from './find-tool-files.js'
import type { PluginModel } from './plugin-model.js'
import { loadPrompts } from './prompts/load-prompts.js'
import { deriveTools } from './tools/derive-tools.js'
import { loadWidgets } from './widgets/load-widgets.js'

/**
 * Reads a plugin folder into its model: the config (with identity from `package.json`), the
 * tools with schemas derived by the TypeScript compiler, the prompts (`prompts/*.md` and the
 * config's) and the widgets (`widgets/<toolId>.html`). Throws {@link PluginDefinitionError}
 * on the first mistake, naming where it is.
 */
export async function derivePluginModel(rootDir: string): Promise<PluginModel> {
  const { config, identity } = await loadConfig(rootDir)
  const { toolClasses, tools, types } = deriveTools({ rootDir, files: findToolFiles(rootDir) })
  const classNames = new Set(toolClasses.map((toolClass) => toolClass.name))
  for (const [server, { classes }] of Object.entries(config.mcp.servers)) {
    const unknown = classes.find((name) => !classNames.has(name))
    if (unknown) {
      throw new PluginDefinitionError(
        { file: configFileName, key: `mcp.servers.${server}.classes` },
        `no tool class named ${unknown}; the plugin has: ${[...classNames].join(', ') || 'none'}`,
      )
    }
  }
  const prompts = await loadPrompts(rootDir, config.prompts)
  const widgets = await loadWidgets(rootDir, new Set(tools.map((tool) => tool.id)))
  return {
    formatVersion: 1,
    identity,
    config,
    toolClasses,
    tools,
    types,
    prompts,
    widgets,
    skills: [],
    agents: [],
    icons: [],
    readme: '',
  }
}
