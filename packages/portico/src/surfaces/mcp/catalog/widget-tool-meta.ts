import type { Tool } from '@modelcontextprotocol/server'
import type { WidgetDefinition } from '../../../model/plugin-model.js'

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
