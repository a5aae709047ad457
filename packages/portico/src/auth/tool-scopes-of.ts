import type { PluginModel } from '../model/plugin-model.js'

/**
 * Every `@scope` of the plugin's tools, resource templates and prompt methods, once each and
 * sorted: what the resource metadata adds to `scopes_supported`, and what the docs-site login
 * may ask for on top of the plugin's own scopes.
 */
export function toolScopesOf(model: PluginModel): string[] {
  return [
    ...new Set(
      [...model.tools, ...model.resourceTemplates, ...model.prompts].flatMap(
        (method) => ('scopes' in method && method.scopes) || [],
      ),
    ),
  ].sort()
}
