import type { TextResourceContents, Tool } from '@modelcontextprotocol/server'
import type { WidgetDefinition } from '../../model/plugin-model.js'
import { WIDGET_ASSETS_PATH } from '../../model/widgets/check-widget-assets.js'
import { findAssetReferences } from '../../model/widgets/find-asset-references.js'

/** The MIME type MCP Apps hosts expect of a widget page. */
export const WIDGET_MIME_TYPE = 'text/html;profile=mcp-app'

/**
 * What a tool with a widget carries in `tools/list`, for MCP Apps hosts (`ui`) and for ChatGPT's
 * Apps SDK keys alike. The model and the widget may both call the tool. The deprecated flat
 * `ui/resourceUri` is left out, as the MCP Apps recipe sends only the nested form.
 */
export function widgetToolMeta(widget: WidgetDefinition): NonNullable<Tool['_meta']> {
  return {
    ui: { resourceUri: widget.uri, visibility: ['model', 'app'] },
    'openai/outputTemplate': widget.uri,
    'openai/widgetAccessible': true,
  }
}

/**
 * The one content item `resources/read` answers for a widget, for the request's public origin:
 * the page with its `/widget-assets/` URLs made absolute on that origin (a host's sandbox has
 * an opaque origin, so a path would lead nowhere), and the policy the host should give it:
 * scripts, styles, images and requests to that origin only. Both the MCP Apps names (`ui`) and
 * ChatGPT's (`openai/*`, snake_case) are sent.
 */
export function widgetResourceContents(
  widget: WidgetDefinition,
  origin: string,
): TextResourceContents {
  const domains = [origin]
  return {
    uri: widget.uri,
    mimeType: WIDGET_MIME_TYPE,
    text: withAbsoluteAssetUrls(widget.html, origin),
    _meta: {
      ui: { csp: { connectDomains: domains, resourceDomains: domains }, prefersBorder: true },
      'openai/widgetPrefersBorder': true,
      'openai/widgetCSP': { connect_domains: domains, resource_domains: domains },
    },
  }
}

/**
 * The page with `<origin>` before each `/widget-assets/` URL its tags load; every other byte as
 * written (the same scan that checked the URLs at load finds them, so nothing else is touched).
 */
export function withAbsoluteAssetUrls(html: string, origin: string): string {
  let result = ''
  let copied = 0
  for (const reference of findAssetReferences(html)) {
    if (!reference.url.startsWith(`${WIDGET_ASSETS_PATH}/`)) continue
    result += `${html.slice(copied, reference.start)}${origin}`
    copied = reference.start
  }
  return result + html.slice(copied)
}
