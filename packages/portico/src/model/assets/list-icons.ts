import type { IconDefinition, PluginModel } from '../plugin-model.js'
import { defaultIcon } from './default-icon.js'
import { iconSizes } from './icon-sizes.js'

/** An icon as MCP describes one (`Implementation.icons`, `/mcp-server.json`). */
export interface McpIcon {
  /** An absolute URL. */
  src: string
  mimeType?: string
  /** `['any']` for SVG, `['<w>x<h>']` when the file says. */
  sizes?: string[]
}

/**
 * The icons the server shows, by index of `/icons/<index>`: the plugin's own, or Portico's
 * default icon when it has none.
 */
export function servedIcons(model: PluginModel): IconDefinition[] {
  return model.icons.length > 0 ? model.icons : [defaultIcon]
}

/**
 * The served icons as MCP icon objects, the main icon first: a URL icon as given, an icon file
 * at `<origin>/icons/<index>` with its type and size. Without an origin, icon files are left
 * out, as they have no absolute URL.
 *
 * @example
 * listIcons(model, 'https://notes.example.com')
 * // [{ src: 'https://notes.example.com/icons/0', mimeType: 'image/svg+xml', sizes: ['any'] }]
 */
export function listIcons(model: PluginModel, origin: string | undefined): McpIcon[] {
  return servedIcons(model).flatMap((icon, index): McpIcon[] => {
    if (icon.kind === 'url') return [{ src: icon.url }]
    if (origin === undefined) return []
    const sizes = iconSizes(icon)
    const src = `${origin.replace(/\/+$/, '')}/icons/${index}`
    return [{ src, mimeType: icon.contentType, ...(sizes ? { sizes } : {}) }]
  })
}
