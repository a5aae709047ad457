import type { JsonSchema } from '../../core/json-schema.js'

/**
 * An input property with a `default` is optional, whatever its TypeScript type says: the
 * runtime fills the default in before the method runs, so a `days: number` tagged `@default 3`
 * reaches the method as a number while callers may leave it out.
 */
export function makeDefaultedOptional(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...schema }
  if (schema.properties) {
    const properties: Record<string, JsonSchema> = {}
    for (const [name, property] of Object.entries(schema.properties))
      properties[name] = makeDefaultedOptional(property)
    result.properties = properties
    const required = schema.required?.filter((name) => properties[name]?.default === undefined)
    if (required && required.length > 0) result.required = required
    else delete result.required
  }
  if (schema.items) result.items = makeDefaultedOptional(schema.items)
  if (typeof schema.additionalProperties === 'object')
    result.additionalProperties = makeDefaultedOptional(schema.additionalProperties)
  if (schema.anyOf) result.anyOf = schema.anyOf.map(makeDefaultedOptional)
  if (schema.$defs) {
    result.$defs = Object.fromEntries(
      Object.entries(schema.$defs).map(([name, def]) => [name, makeDefaultedOptional(def)]),
    )
  }
  return result
}
