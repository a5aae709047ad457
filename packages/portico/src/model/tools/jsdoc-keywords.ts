import type { JsonSchema } from '../../core/json-schema.js'
import type { JsDoc } from './js-doc.js'

const NUMERIC_TAGS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
])
const STRING_TAGS = new Set(['pattern', 'format'])
const FLAG_TAGS = new Set(['uniqueItems', 'deprecated'])

/** `@mcpHeader <Name>` on an input property: the client sends it as `Mcp-Param-<Name>` too. */
const MCP_HEADER_TAG = 'mcpHeader'
/** The JSON Schema keyword of SEP-2243 that the tag writes. */
export const MCP_HEADER_KEYWORD = 'x-mcp-header'

/** The keywords {@link jsDocKeywords} yields that describe a value rather than constrain it. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'default',
  'examples',
  'deprecated',
])

/** Whether a property's JSDoc asks for `integer` instead of `number` (`@integer`, `@type integer`). */
export function hasIntegerTag(doc: JsDoc): boolean {
  return doc.tags.some(
    (tag) =>
      tag.name === 'integer' ||
      (tag.name === 'type' && (tag.text === 'integer' || tag.text === '{integer}')),
  )
}

/**
 * The JSON Schema keywords a property's JSDoc adds: its text as `description`, and the tags named
 * after keywords. Unknown tags are ignored. `fail` reports a numeric tag whose value is not a
 * number.
 */
export function jsDocKeywords(doc: JsDoc, fail: (message: string) => never): JsonSchema {
  const keywords: JsonSchema = {}
  if (doc.text !== '') keywords.description = doc.text
  for (const { name, text } of doc.tags) {
    if (NUMERIC_TAGS.has(name)) {
      const value = parseTagValue(text)
      if (typeof value !== 'number') fail(`@${name} needs a number, got "${text}"`)
      keywords[name] = value
    } else if (STRING_TAGS.has(name)) {
      if (text !== '') keywords[name] = text
    } else if (FLAG_TAGS.has(name)) {
      keywords[name] = text !== 'false'
    } else if (name === MCP_HEADER_TAG) {
      // SEP-2243: the client mirrors this argument in an `Mcp-Param-<name>` header.
      if (text !== '') keywords[MCP_HEADER_KEYWORD] = text
    } else if (name === 'default') {
      keywords.default = parseTagValue(text)
    } else if (name === 'example') {
      keywords.examples = [...(keywords.examples ?? []), parseTagValue(text)]
    }
  }
  return keywords
}

/** A tag's value as JSON when it parses, else as the trimmed text. */
function parseTagValue(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
