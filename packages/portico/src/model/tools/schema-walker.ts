import type ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'

/** Where a type is written, and what applies to it there. */
export interface TypeSite {
  /** The property, parameter or return type that writes the type; errors point here. */
  node: ts.Node
  /** Segments from the schema's root: property names, `*` for array items, `{}` for record values. */
  path: readonly string[]
  /** `number` becomes `integer`: the property has `@integer`. */
  integer?: boolean
  /** `undefined` and `void` become `null`: the top of a tool's output. */
  undefinedAsNull?: boolean
  /**
   * The type as written there (`CardKey`, `Cents | null`), when known: an alias of a primitive
   * leaves no trace on the checker's type, so only this tells whose JSDoc applies.
   */
  typeNode?: ts.Node | undefined
}

/** What the converters of one kind of type need from the schema builder. */
export interface SchemaWalker {
  readonly checker: ts.TypeChecker
  /** The schema of `type` where `site` writes it, named types inlined or referenced. */
  toSchema(type: ts.Type, site: TypeSite): JsonSchema
  /** Whether the root is a tool's input, which arrives as JSON: only a `Date` is revived. */
  isInput(): boolean
  /** Records that the input holds a `Date` at `site.path`. */
  noteDate(site: TypeSite): void
  /** Throws a PluginDefinitionError at `site` that names the tool and the property path. */
  fail(site: TypeSite, problem: string): never
  /** Whether `node` is in the plugin's own sources (not a library). */
  isPluginNode(node: ts.Node): boolean
}

/** `items[].due`, for messages. */
export function formatPath(path: readonly string[]): string {
  let text = ''
  for (const segment of path) {
    if (segment === '*') text += '[]'
    else if (segment === '{}') text += '[key]'
    else text += text === '' ? segment : `.${segment}`
  }
  return text
}
