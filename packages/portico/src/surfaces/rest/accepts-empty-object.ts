import type { JsonSchema } from '../../core/json-schema.js'
import { resolveLocalRef } from '../../invoke/resolve-local-ref.js'

/**
 * Whether `{}` is valid against `schema`: then a tool can be called without a body (an empty
 * body reads as `{}`), so its OpenAPI `requestBody` is not required. Decided from the keywords
 * that can refuse an empty object (`type`, `required`, `minProperties`, `const`, `enum`, the
 * combinators, `not`, `if`, local `$ref`s); the colocated test holds it to Ajv's answer.
 *
 * @example
 * acceptsEmptyObject({ anyOf: [{ required: ['key'] }, { properties: { all: {} } }] }) // true
 */
export function acceptsEmptyObject(schema: JsonSchema | boolean, root?: JsonSchema): boolean {
  if (typeof schema === 'boolean') return schema
  return accepts(schema, root ?? schema, new Set())
}

function accepts(schema: JsonSchema | boolean, root: JsonSchema, seen: Set<JsonSchema>): boolean {
  if (typeof schema === 'boolean') return schema
  // A schema met again through its own `$ref`s adds nothing that could accept `{}`.
  if (seen.has(schema)) return false
  const inner = new Set(seen).add(schema)
  const check = (sub: JsonSchema | boolean) => accepts(sub, root, inner)

  if (schema.$ref !== undefined) {
    const target = resolveLocalRef(root, schema.$ref)
    if (target !== undefined && !check(target)) return false
  }
  const types = schema.type === undefined ? undefined : [schema.type].flat()
  if (types !== undefined && !types.includes('object')) return false
  if ((schema.required ?? []).length > 0) return false
  if (typeof schema.minProperties === 'number' && schema.minProperties > 0) return false
  if ('const' in schema && !isEmptyObject(schema.const)) return false
  if (schema.enum !== undefined && !schema.enum.some(isEmptyObject)) return false
  if (schema.allOf !== undefined && !schema.allOf.every(check)) return false
  if (schema.anyOf !== undefined && !schema.anyOf.some(check)) return false
  if (schema.oneOf !== undefined && schema.oneOf.filter(check).length !== 1) return false
  if (isSchema(schema.not) && check(schema.not)) return false
  return true
}

function isSchema(value: unknown): value is JsonSchema | boolean {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null)
}

function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  )
}
