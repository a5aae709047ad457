import { configFileName, loadConfig } from '../config/load-config.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { loadAgents } from './agents/load-agents.js'
import { loadIcons } from './assets/load-icons.js'
import { loadReadme } from './assets/load-readme.js'
import { findToolFiles } from './find-tool-files.js'
import type { PluginModel, SourceLocation } from './plugin-model.js'
import { loadPrompts } from './prompts/load-prompts.js'
import { loadResources } from './resources/load-resources.js'
import { loadSkills } from './skills/load-skills.js'
import { deriveTools } from './tools/derive-tools.js'
import { warnIgnoredToolFiles } from './warn-ignored-tool-files.js'
import { loadWidgets } from './widgets/load-widgets.js'

/**
 * Reads a plugin folder into its model: the config (with identity from `package.json`), the
 * tools with schemas derived by the TypeScript compiler, the prompts (`prompts/*.md`, the
 * config's and the `@prompt` methods), the widgets (`widgets/<toolId>.html`), the skills (`skills/<name>/`), the agents
 * (`agents/*.md`), the static resources (`resources/`), the icons (`style.icons`, then
 * `public/icons/`) and `README.md`. Throws
 * {@link PluginDefinitionError} on the first mistake, naming where it is.
 */
export async function derivePluginModel(rootDir: string): Promise<PluginModel> {
  const { config, identity } = await loadConfig(rootDir)
  warnIgnoredToolFiles(rootDir)
  const {
    toolClasses,
    tools,
    resourceTemplates,
    prompts: promptMethods,
    types,
  } = deriveTools({
    rootDir,
    files: findToolFiles(rootDir),
  })
  if (config.auth === 'anon')
    refuseScopesWhenAnonymous([...tools, ...resourceTemplates, ...promptMethods])
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
  const prompts = await loadPrompts(rootDir, config.prompts, promptMethods)
  const widgets = await loadWidgets(rootDir, new Set(tools.map((tool) => tool.id)))
  const skills = await loadSkills(rootDir)
  const agents = await loadAgents(rootDir)
  const resources = await loadResources(rootDir, config.resources.scheme)
  const icons = await loadIcons(rootDir, config.style.icons)
  const readme = await loadReadme(rootDir)
  return {
    formatVersion: 4,
    identity,
    config,
    toolClasses,
    tools,
    types,
    prompts,
    widgets,
    skills,
    agents,
    resources,
    resourceTemplates,
    icons,
    readme,
  }
}

/**
 * Mode anon checks no token, so nothing could check a `@scope`: rather than serve a tool its
 * author meant to protect to everyone, the plugin does not start.
 */
function refuseScopesWhenAnonymous(
  methods: readonly { scopes?: string[]; source: SourceLocation; id?: string; name?: string }[],
): void {
  const scoped = methods.find((method) => method.scopes !== undefined)
  if (scoped === undefined) return
  throw new PluginDefinitionError(
    scoped.source,
    `${scoped.id ?? scoped.name}: @scope ${(scoped.scopes ?? []).join(' ')} cannot be checked in mode anon, which verifies no token; set auth to 'portico-hub' or 'custom' in ${configFileName}, or remove the tag`,
  )
}
