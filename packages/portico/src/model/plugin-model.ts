import type { PluginIdentity, ResolvedConfig } from '../config/config-types.js'
import type { JsonSchema } from '../core/json-schema.js'

export type { PluginIdentity } from '../config/config-types.js'

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
  /** `<Class>_<method>`, or the method's `@name`, matching `^[a-zA-Z0-9_-]{1,64}$`. */
  id: string
  className: string
  methodName: string
  /** First sentence of the method's JSDoc. */
  summary?: string
  /** Whole JSDoc text of the method. */
  description?: string
  /** The text of the method's `@deprecated` tag ('' when it gives no reason); absent if none. */
  deprecated?: string
  /** JSON Schema 2020-12 of the input object; always `type: "object"`. */
  inputSchema: JsonSchema
  /**
   * JSON Schema 2020-12 of the awaited return value; for a `content` tool, the schema of
   * `{ content: [...blocks] }`, the form REST answers.
   */
  outputSchema: JsonSchema
  /**
   * `content` when the method returns `ToolContent` (content blocks: images, audio, resources),
   * which skips the JSON output contract; absent for a JSON result.
   */
  resultKind?: 'content'
  /**
   * Whether the method declares its second parameter, the context. A method that does not is
   * called with its input alone, and its calls cost nothing for a context.
   */
  takesContext?: true
  /**
   * `@task`: a 2026-07-28 call from a client that declares the tasks extension may become a task
   * (`optional`); `@task required`: the tool runs only as a task there, and a call from a client
   * that does not declare the extension is refused with -32021. Absent: never a task.
   */
  task?: 'optional' | 'required'
  /**
   * `@scope` of the method and of its class: the scopes a caller's token must grant, each one,
   * for the call to run (a 403 otherwise). Absent when neither has the tag.
   */
  scopes?: string[]
  annotations: ToolAnnotations
  /**
   * Paths inside the input that the method types as `Date`: the string is turned into a `Date`
   * before the call. Segments are property names, `*` for array items, `{}` for record values;
   * a path inside a recursive type starts with its `$ref` (`#/$defs/Task`) and applies wherever
   * the type is used.
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

/** One argument of a prompt. */
export interface PromptArgumentDefinition {
  name: string
  description?: string
  required: boolean
  /**
   * Suggestions for `completion/complete`: as a template declares them (the argument still
   * takes any text), or the choices of a method's literal union (`'formal' | 'friendly'`).
   */
  values?: string[]
}

/** What every prompt has, whichever way it is written. */
export interface PromptBase {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string
  title?: string
  description?: string
  arguments: PromptArgumentDefinition[]
  /** Where it was defined: the markdown file, `portico.config.ts`, or the method. */
  source: SourceLocation
}

/**
 * A prompt template from `prompts/<name>.md` (frontmatter + body) or from the config. The
 * template's `{{argument}}` placeholders are filled by `prompts/get`.
 */
export interface PromptTemplateDefinition extends PromptBase {
  /** The body with `{{name}}` placeholders. */
  template: string
  method?: never
}

/**
 * A method whose JSDoc has `@prompt`: a prompt instead of a tool, named `<Class>_<method>` (or its `@name`).
 * `prompts/get` calls it with the arguments; it returns a string (one text message) or
 * `ToolContent` (one message per block).
 */
export interface PromptMethodDefinition extends PromptBase {
  method: PromptMethod
  /**
   * `@scope` of the method and of its class: the scopes a caller's token must grant, each one,
   * for the call to run (a 403 otherwise). Absent when neither has the tag.
   */
  scopes?: string[]
  template?: never
}

/** The method behind a {@link PromptMethodDefinition}. */
export interface PromptMethod {
  className: string
  methodName: string
  /** JSON Schema 2020-12 of the arguments as an object, each property a string. */
  inputSchema: JsonSchema
}

/** A prompt: a template, or a method tagged `@prompt` (the one with `method`). */
export type PromptDefinition = PromptTemplateDefinition | PromptMethodDefinition

/** A UI page bound to one tool, from `widgets/<toolId>.html`. */
export interface WidgetDefinition {
  toolId: string
  /** `ui://widgets/<toolId>.html` */
  uri: string
  /** The page as written. */
  html: string
  /** Relative to the plugin folder. */
  file: string
  /**
   * The files of `public/` the page loads through `/widget-assets/<path>`, relative to that
   * folder, sorted: checked at load, so every one exists.
   */
  assets: string[]
}

/** A file carried in the model, so that serving it never reads the disk. */
export interface PluginFile {
  /** Relative to its folder (the skill folder, the plugin folder), forward slashes. */
  path: string
  /** The bytes, base64-encoded (the model is written as JSON by `portico build`). */
  base64: string
  /** Set when the file has an execute bit on disk (a skill's script): the zips keep it. */
  executable?: true
}

/**
 * A skill from `skills/<name>/SKILL.md` and the other files of its folder, validated as the
 * Agent Skills reference requires.
 */
export interface SkillDefinition {
  /** Equals the folder name: `^[a-z0-9]+(-[a-z0-9]+)*$`, at most 64 characters. */
  name: string
  description: string
  /** The frontmatter of SKILL.md, as validated. */
  frontmatter: Record<string, unknown>
  /** Every file of the folder, SKILL.md included, sorted by path. */
  files: PluginFile[]
  source: SourceLocation
}

/** An agent from `agents/<name>.md`: frontmatter (configuration) and body (its system prompt). */
export interface AgentDefinition {
  /** From the frontmatter; equals the file name. */
  name: string
  description: string
  /** The frontmatter, as validated. */
  frontmatter: Record<string, unknown>
  /** The body: the agent's system prompt. */
  prompt: string
  /** The file as written, served at `/agents/<name>.md`. */
  markdown: string
  source: SourceLocation
}

/**
 * A file of the plugin's `resources/` folder: an MCP resource (`resources/list`,
 * `resources/read`), also served at `/api/resources?uri=<uri>`.
 */
export interface ResourceFileDefinition {
  /**
   * `<scheme>://<path without its last extension>`, each segment percent-encoded, as
   * `new URL(uri).href` writes it: `resources/guides/setup.md` is `notes://guides/setup`.
   */
  uri: string
  /** Its bytes, and its path relative to `resources/` (the resource's MCP `name`). */
  file: PluginFile
  /** By extension; `application/octet-stream` when unknown. */
  mimeType: string
  /** Served as `text` (a text type, in valid UTF-8), else as a base64 `blob`. */
  text: boolean
  /** In bytes. */
  size: number
}

/**
 * A method whose JSDoc has `@resource <uri-template>`: an MCP resource template instead of a
 * tool. Its input's properties are the template's variables; `resources/read` of a matching
 * URI calls it.
 */
export interface ResourceTemplateDefinition {
  /** `<Class>_<method>` (or the method's `@name`), unique among tools and templates: the template's MCP `name`. */
  id: string
  className: string
  methodName: string
  /** RFC 6570 level 1 (`{name}` expressions only): `notes://notes/{id}`. */
  uriTemplate: string
  /** The variables of the template, in order, each a property of the input. */
  variables: string[]
  /** From `@title`. */
  title?: string
  /** First sentence of the method's JSDoc. */
  summary?: string
  description?: string
  /** From `@mimeType`; else by the value the method returns (text, JSON or bytes). */
  mimeType?: string
  /**
   * JSON Schema 2020-12 of the variables as an object: each a string, number, integer, boolean
   * or a choice of literals. URIs carry strings, coerced to these types before validation.
   */
  inputSchema: JsonSchema
  /**
   * `@scope` of the method and of its class: the scopes a caller's token must grant, each one,
   * for the call to run (a 403 otherwise). Absent when neither has the tag.
   */
  scopes?: string[]
  source: SourceLocation
}

/** An icon of the plugin: a file carried in the model, or a URL. */
export type IconDefinition =
  | { kind: 'file'; file: PluginFile; contentType: string }
  | { kind: 'url'; url: string }

/**
 * Everything a client can see, derived once from the plugin folder. Surfaces are projections of
 * it; none of them reads the disk on its own.
 */
export interface PluginModel {
  /** Format of this object when written by `portico build` (4: server limits in the config). */
  formatVersion: 4
  identity: PluginIdentity
  config: ResolvedConfig
  toolClasses: ToolClassDefinition[]
  tools: ToolDefinition[]
  types: NamedTypeDefinition[]
  /** Templates and `@prompt` methods, sorted by name. */
  prompts: PromptDefinition[]
  /** Sorted by tool id. */
  widgets: WidgetDefinition[]
  /** Sorted by name. */
  skills: SkillDefinition[]
  /** Sorted by name. */
  agents: AgentDefinition[]
  /** The files of `resources/`, sorted by path. */
  resources: ResourceFileDefinition[]
  /** In class order, then in source order within a class, as tools are. */
  resourceTemplates: ResourceTemplateDefinition[]
  /** In order: `style.icons` of the config, then `public/icons/*` sorted by name. */
  icons: IconDefinition[]
  /** README.md of the plugin folder, or an empty string. */
  readme: string
}
