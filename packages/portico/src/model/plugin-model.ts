import type { ResolvedConfig } from '../config/config-types.js'
import type { JsonSchema } from './json-schema.js'

/** A place in the plugin's sources, relative to the plugin folder, 1-based line. */
export interface SourceLocation {
  file: string
  line: number
}

/** MCP tool annotations, read from JSDoc tags on the method. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/**
 * One tool: a public method of an exported class in `tools/*.ts`. Plain data, so it can be
 * written by `portico build` and read back by `portico start` without the TypeScript compiler.
 */
export interface ToolDefinition {
  /** `<Class>_<method>`, matching `^[a-zA-Z0-9_-]{1,64}$`. */
  id: string
  className: string
  methodName: string
  /** First sentence of the method's JSDoc. */
  summary?: string
  /** Whole JSDoc text of the method. */
  description?: string
  /** JSON Schema 2020-12 of the input object; always `type: "object"`. */
  inputSchema: JsonSchema
  /** JSON Schema 2020-12 of the awaited return value. */
  outputSchema: JsonSchema
  annotations: ToolAnnotations
  /**
   * Paths inside the input that the method types as `Date`: the string is turned into a `Date`
   * before the call. Segments are property names, `*` for array items, `{}` for record values.
   */
  inputDatePaths: string[][]
  source: SourceLocation
}

/** A tool class: the group of its tools, in source order. */
export interface ToolClassDefinition {
  name: string
  description?: string
  /** Module that exports the class, relative to the plugin folder (`tools/notes.ts`). */
  file: string
  toolIds: string[]
}

/** One named TypeScript type used by the tools, as listed by `/types.json`. */
export interface NamedTypeDefinition {
  /** The type's name as written, with type arguments when generic (`Page<Note>`). */
  name: string
  schema: JsonSchema
  source: SourceLocation
  /** Ids of the tools whose input or output uses this type. */
  usedBy: string[]
}

/** Who the plugin is: from the config, defaulting from `package.json`. */
export interface PluginIdentity {
  name: string
  version: string
  title: string
  description: string
  author?: string
  license?: string
  homepage?: string
  keywords: string[]
}

/** One argument of a prompt template. */
export interface PromptArgumentDefinition {
  name: string
  description?: string
  required: boolean
}

/**
 * A prompt template from `prompts/<name>.md` (frontmatter + body) or from the config. The
 * template's `{{argument}}` placeholders are filled by `prompts/get`.
 */
export interface PromptDefinition {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string
  title?: string
  description?: string
  arguments: PromptArgumentDefinition[]
  /** The body with `{{name}}` placeholders. */
  template: string
  /** Where it was defined: the markdown file, or `portico.config.ts`. */
  source: SourceLocation
}

/** A UI page bound to one tool, from `widgets/<toolId>.html`. */
export interface WidgetDefinition {
  toolId: string
  /** `ui://widgets/<toolId>.html` */
  uri: string
  /** The page as written. */
  html: string
  /** Relative to the plugin folder. */
  file: string
}

/**
 * Everything a client can see, derived once from the plugin folder. Surfaces are projections of
 * it; none of them reads the disk on its own.
 */
export interface PluginModel {
  /** Format of this object when written by `portico build`. */
  formatVersion: 1
  identity: PluginIdentity
  config: ResolvedConfig
  toolClasses: ToolClassDefinition[]
  tools: ToolDefinition[]
  types: NamedTypeDefinition[]
  /** Sorted by name. */
  prompts: PromptDefinition[]
  /** Sorted by tool id. */
  widgets: WidgetDefinition[]
}
