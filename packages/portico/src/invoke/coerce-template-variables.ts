import type { JsonSchema } from '../core/json-schema.js'

/** JSON's number syntax: what a URI may spell a number variable as. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/**
 * A resource template's variables, which a URI carries as text, as the types the input schema
 * declares: a literal of an `enum` or `const` whose text is the value, a number in JSON's
 * syntax for `number` and `integer`, `true` or `false` for `boolean`. A value that fits none is
 * left as text, for validation to refuse with the property's path.
 *
 * @example
 * coerceTemplateVariables({ id: '42' }, { properties: { id: { type: 'integer' } } }) // { id: 42 }
 */
export function coerceTemplateVariables(
  variables: Readonly<Record<string, string>>,
  schema: JsonSchema,
): Record<string, unknown> {
  const coerced: Record<string, unknown> = {}
  for (const [name, text] of Object.entries(variables)) {
    coerced[name] = coerceValue(text, schema.properties?.[name] ?? {})
  }
  return coerced
}

function coerceValue(text: string, schema: JsonSchema): unknown {
  const literals = schema.enum ?? (schema.const === undefined ? undefined : [schema.const])
  if (literals !== undefined) return literals.find((value) => String(value) === text) ?? text
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if ((types.includes('number') || types.includes('integer')) && JSON_NUMBER.test(text)) {
    return Number(text)
  }
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  return text
}
