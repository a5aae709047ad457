import ts from 'typescript'
import type { JsonSchema } from '../../core/json-schema.js'
import type { SchemaWalker, TypeSite } from './schema-walker.js'

const { TypeFlags } = ts

/**
 * What each placeholder of a template literal type matches. `${number}` is a decimal (`12`,
 * `-1.5`), the form clients write; TypeScript also admits `1e3` and `0x1f`, which the pattern
 * refuses. `${string}` is any text, line breaks included.
 */
const PLACEHOLDERS: readonly { flags: ts.TypeFlags; pattern: string }[] = [
  { flags: TypeFlags.String | TypeFlags.Any | TypeFlags.Unknown, pattern: '[\\s\\S]*' },
  { flags: TypeFlags.Number, pattern: '-?[0-9]+(\\.[0-9]+)?' },
  { flags: TypeFlags.BigInt, pattern: '-?[0-9]+' },
]

/**
 * A template literal type (`card-${number}`) as a string with a `pattern`. The checker has
 * already spread unions of literals inside it into a union of such types, and folded literals
 * into the text. `Uppercase<string>` and its kin have no pattern that says them: refused at the
 * site.
 */
export function templateLiteralToSchema(
  walker: SchemaWalker,
  type: ts.Type,
  site: TypeSite,
): JsonSchema {
  if (!(type.flags & TypeFlags.TemplateLiteral)) notAPattern(walker, type, site)
  const { texts, types } = type as ts.TemplateLiteralType
  let pattern = `^${escapePattern(texts[0] ?? '')}`
  for (const [index, placeholder] of types.entries()) {
    const rule = PLACEHOLDERS.find(({ flags }) => placeholder.flags & flags)
    if (rule === undefined) notAPattern(walker, placeholder, site)
    pattern += `(${rule.pattern})${escapePattern(texts[index + 1] ?? '')}`
  }
  return { type: 'string', pattern: `${pattern}$` }
}

function notAPattern(walker: SchemaWalker, type: ts.Type, site: TypeSite): never {
  walker.fail(
    site,
    `${walker.checker.typeToString(type)} cannot be written as a JSON Schema pattern; use string with a @pattern tag`,
  )
}

/** Escapes only the syntax characters: Ajv compiles patterns with the `u` flag, which refuses others. */
function escapePattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}
