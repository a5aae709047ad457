import type { WidgetDefinition } from '../plugin-model.js'
import { WIDGET_ASSETS_PATH } from './check-widget-assets.js'
import { findAssetReferences } from './find-asset-references.js'

/** The MIME type MCP Apps hosts expect of a widget page. */
export const WIDGET_MIME_TYPE = 'text/html;profile=mcp-app'

/** A widget page as one item of a resource read's `contents`. */
export interface WidgetContents {
  uri: string
  mimeType: typeof WIDGET_MIME_TYPE
  text: string
  _meta: Record<string, unknown>
}

/**
 * The one content item a read of a widget's `ui://` URI answers (MCP's `resources/read` and
 * `/api/resources` alike), for the request's public origin: the page with its
 * `/widget-assets/` URLs made absolute on that origin (a host's sandbox has an opaque origin,
 * so a path would lead nowhere), and the policy the host should give it: scripts, styles,
 * images and requests to that origin only. Both the MCP Apps names (`ui`) and ChatGPT's
 * (`openai/*`, snake_case) are sent.
 */
export function widgetContents(widget: WidgetDefinition, origin: string): WidgetContents {
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
function withAbsoluteAssetUrls(html: string, origin: string): string {
  let result = ''
  let copied = 0
  for (const reference of findAssetReferences(html)) {
    if (!reference.url.startsWith(`${WIDGET_ASSETS_PATH}/`)) continue
    result += `${html.slice(copied, reference.start)}${origin}`
    copied = reference.start
  }
  return result + html.slice(copied)
}
