import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { WidgetDefinition } from '../plugin-model.js'
import { checkWidgetAssets } from './check-widget-assets.js'

/** The folder of widget pages inside a plugin. */
const widgetsFolderName = 'widgets'

/** How many tool ids an unknown-widget error lists. */
const listedToolIds = 5

/**
 * Reads `widgets/<toolId>.html` (not recursive), one UI page per tool, sorted by tool id. Each
 * file name must be the id of a tool in `toolIds`, else {@link PluginDefinitionError} names the
 * file and some ids it could have; each page loads its assets only from `data:` URLs and
 * `/widget-assets/` (see `checkWidgetAssets`). No `widgets/` folder means no widgets.
 *
 * @example
 * await loadWidgets(rootDir, new Set(['Notes_list'])) // widgets/Notes_list.html → ui://widgets/Notes_list.html
 */
export async function loadWidgets(
  rootDir: string,
  toolIds: ReadonlySet<string>,
): Promise<WidgetDefinition[]> {
  const folder = join(rootDir, widgetsFolderName)
  if (!existsSync(folder)) return []
  const names = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => entry.name)
    .sort()
  const widgets: WidgetDefinition[] = []
  for (const name of names) {
    const toolId = name.slice(0, -'.html'.length)
    const file = `${widgetsFolderName}/${name}`
    if (!toolIds.has(toolId)) {
      throw new PluginDefinitionError(
        { file },
        `no tool with id "${toolId}"; ${suggest(toolId, toolIds)}`,
      )
    }
    const html = await readFile(join(folder, name), 'utf8')
    const assets = await checkWidgetAssets(rootDir, file, html)
    widgets.push({ toolId, uri: `ui://widgets/${toolId}.html`, html, file, assets })
  }
  return widgets
}

function suggest(toolId: string, toolIds: ReadonlySet<string>): string {
  const ids = [...toolIds].sort()
  const sameButCase = ids.find((id) => id.toLowerCase() === toolId.toLowerCase())
  if (sameButCase) return `did you mean ${sameButCase}.html? (ids are case-sensitive)`
  if (ids.length === 0) return 'the plugin has no tools'
  const more = ids.length > listedToolIds ? `, and ${ids.length - listedToolIds} more` : ''
  return `name the file after a tool id, e.g. ${ids.slice(0, listedToolIds).join(', ')}${more}`
}
