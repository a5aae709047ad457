import type { ResourceContents } from '../../invoke/resource-contents.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { canonicalUri, skillFileContents } from '../../model/skills/skill-file-contents.js'
import { widgetContents } from '../../model/widgets/widget-contents.js'

/** A skill file or a widget page read by its URI; `undefined` when the URI is neither. */
export type ListedResourceReader = (uri: string, origin: string) => ResourceContents | undefined

/**
 * Reads the `skill://` files and the `ui://` widget pages that MCP's `resources/list` lists,
 * which the runtime (the files of `resources/` and the templates) does not hold, with the
 * contents MCP's `resources/read` answers: a skill file as the SDK's skills extension reads it,
 * a widget page with its assets on the request's public origin. Prepared once per model.
 */
export function createListedResourceReader(model: PluginModel): ListedResourceReader {
  const skillFiles = skillFileContents(model.skills)
  const widgets = new Map(model.widgets.map((widget) => [widget.uri, widget]))
  return (uri, origin) => {
    const widget = widgets.get(uri)
    if (widget !== undefined) return widgetContents(widget, origin)
    if (!uri.startsWith('skill:')) return undefined
    const canonical = canonicalUri(uri)
    return canonical === undefined ? undefined : skillFiles.get(canonical)
  }
}
