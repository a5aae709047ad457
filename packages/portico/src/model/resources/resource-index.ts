import type {
  PluginModel,
  ResourceFileDefinition,
  ResourceTemplateDefinition,
} from '../plugin-model.js'
import { normalizeResourceUri } from './resource-uri.js'
import { compileUriTemplate, type UriTemplateMatcher, type UriVariables } from './uri-template.js'

/** What a URI names among the plugin's resources: a file of `resources/`, or a template's match. */
export type ResourceMatch =
  | { kind: 'file'; uri: string; resource: ResourceFileDefinition }
  | { kind: 'template'; uri: string; template: ResourceTemplateDefinition; variables: UriVariables }

/**
 * Which of the plugin's resources a lookup may find; by default all. A named MCP server offers
 * no files and only the templates of its classes.
 */
export interface ResourceScope {
  files: boolean
  templateIds: ReadonlySet<string>
}

/** Finds what a resource URI names, once the lookups are prepared. */
export interface ResourceIndex {
  /**
   * The file of `resources/` at the URI (normalised as `new URL` writes it), else the first
   * template, in declaration order, that matches it, among those `scope` allows; undefined for
   * anything else, an invalid URI included.
   */
  find(uri: string, scope?: ResourceScope): ResourceMatch | undefined
}

/** Prepares the lookups of a model's resources once: a map of the files, a matcher a template. */
export function createResourceIndex(model: PluginModel): ResourceIndex {
  const files = new Map(model.resources.map((resource) => [resource.uri, resource]))
  const templates: { template: ResourceTemplateDefinition; match: UriTemplateMatcher }[] =
    model.resourceTemplates.map((template) => ({
      template,
      match: compileUriTemplate(template.uriTemplate),
    }))
  return {
    find(raw, scope) {
      const uri = normalizeResourceUri(raw)
      if (uri === undefined) return undefined
      const resource = scope?.files === false ? undefined : files.get(uri)
      if (resource) return { kind: 'file', uri, resource }
      for (const { template, match } of templates) {
        if (scope && !scope.templateIds.has(template.id)) continue
        const variables = match(uri)
        if (variables) return { kind: 'template', uri, template, variables }
      }
      return undefined
    },
  }
}
