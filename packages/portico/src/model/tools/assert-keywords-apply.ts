import type { JsonSchema } from '../../core/json-schema.js'

type ValueKind = 'string' | 'number' | 'array' | 'object' | 'boolean'

/** The keywords that constrain one kind of value only, as JSDoc tags write them. */
const KEYWORD_KINDS: ReadonlyMap<string, ValueKind> = new Map([
  ['minLength', 'string'],
  ['maxLength', 'string'],
  ['pattern', 'string'],
  ['format', 'string'],
  ['minimum', 'number'],
  ['maximum', 'number'],
  ['exclusiveMinimum', 'number'],
  ['exclusiveMaximum', 'number'],
  ['multipleOf', 'number'],
  ['minItems', 'array'],
  ['maxItems', 'array'],
  ['uniqueItems', 'array'],
])

/** What a kind of value takes, for the message: `@a, @b and @c`, made from the map above. */
function tagsOf(kind: ValueKind): string {
  const tags = [...KEYWORD_KINDS].filter(([, of]) => of === kind).map(([keyword]) => `@${keyword}`)
  const last = tags.pop()
  if (last === undefined) return 'no constraint tags'
  return tags.length === 0 ? last : `${tags.join(', ')} and ${last}`
}

const ARTICLES: Record<ValueKind, string> = {
  string: 'a string',
  number: 'a number',
  array: 'an array',
  object: 'an object',
  boolean: 'a boolean',
}

/**
 * Fails (through `fail`) when a JSDoc keyword constrains a kind of value that `schema` never
 * holds: JSON Schema ignores `@minimum` on a string, so the author's rule would silently not
 * hold. A keyword that applies to one branch of a union is fine; an unknown schema (`{}`, a
 * `$ref`) accepts any keyword.
 */
export function assertKeywordsApply(
  schema: JsonSchema,
  keywords: JsonSchema,
  name: string,
  fail: (problem: string) => never,
): void {
  const kinds = valueKinds(schema)
  if (kinds === undefined || kinds.size === 0) return
  for (const keyword of Object.keys(keywords)) {
    const kind = KEYWORD_KINDS.get(keyword)
    if (kind === undefined || kinds.has(kind)) continue
    const [actual] = [...kinds]
    const is = kinds.size === 1 && actual !== undefined ? ARTICLES[actual] : [...kinds].join(' or ')
    const allowed =
      kinds.size === 1 && actual !== undefined ? `; ${is} takes ${tagsOf(actual)}` : ''
    fail(`@${keyword} applies to ${kind}s, and "${name}" is ${is}${allowed}`)
  }
}

/** The kinds of non-null value `schema` admits, or `undefined` when it cannot tell. */
function valueKinds(schema: JsonSchema): Set<ValueKind> | undefined {
  if (schema.$ref !== undefined) return undefined
  if (schema.anyOf !== undefined) {
    const kinds = new Set<ValueKind>()
    for (const branch of schema.anyOf) {
      const branchKinds = valueKinds(branch)
      if (branchKinds === undefined) return undefined
      for (const kind of branchKinds) kinds.add(kind)
    }
    return kinds
  }
  if (schema.type === undefined) return undefined
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  const kinds = new Set<ValueKind>()
  for (const type of types) {
    if (type === 'integer') kinds.add('number')
    else if (type !== 'null') kinds.add(type)
  }
  return kinds
}
