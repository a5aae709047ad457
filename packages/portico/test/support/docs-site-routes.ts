import type { PluginOverview } from '../../src/surfaces/documents/plugin-overview-types.js'

/** Options of {@link docsSiteRoutes}. */
export interface DocsSiteRoutesOptions {
  /** Each file of each skill too (`skills/<name>/<file>`), not only its page. */
  skillFiles?: boolean
}

/**
 * Every page the docs site has for a plugin, as fragment routes (`''` is the overview), read from
 * the plugin's own `contents.json`: the site's router (`packages/docs-ui/src/app.tsx`) has a page
 * for each section and each item of it, and the two API views.
 */
export function docsSiteRoutes(
  overview: PluginOverview,
  options: DocsSiteRoutesOptions = {},
): string[] {
  const catalogs = (['prompts', 'skills', 'agents'] as const).filter(
    (kind) => overview[kind].length > 0,
  )
  return [
    '',
    'tools',
    ...overview.tools.map((tool) => `tools/${tool.id}`),
    ...catalogs,
    ...overview.prompts.map((prompt) => `prompts/${prompt.name}`),
    ...overview.skills.flatMap((skill) => [
      `skills/${skill.name}`,
      ...(options.skillFiles ? skill.files.map((file) => `skills/${skill.name}/${file}`) : []),
    ]),
    ...overview.agents.map((agent) => `agents/${agent.name}`),
    ...overview.mcpServers
      .filter((server) => !('external' in server))
      .map((server) => `mcp/${server.name}`),
    'api',
    'api/swagger',
  ]
}
