import type { JsonSchema } from '../core/json-schema.js'
import { resolveLocalRef } from './resolve-local-ref.js'

/** Where an input holds a `Date`, and whether a string there may be meant as a string. */
export interface DatePath {
  /** Property names, `*` (every array item) and `{}` (every record value), outermost first. */
  readonly segments: readonly string[]
  /**
   * The type there also takes strings that are not dates (`Date | string`): only a valid
   * date-time is revived, so `"hello"` reaches the method as `"hello"`, not an Invalid Date.
   */
  readonly shared: boolean
}

/**
 * Pairs each of a tool's `inputDatePaths` with whether its schema there admits a string other
 * than a date-time, found once when the runtime is made: a plain `Date` needs no check per call
 * (validation has proved the string a date-time), and the check is loaded only for the others.
 */
export function classifyDatePaths(
  schema: JsonSchema,
  paths: readonly (readonly string[])[],
): DatePath[] {
  return paths.map((segments) => ({
    segments,
    shared: schemasAt(schema, schema, segments).some(takesOtherStrings),
  }))
}

/** The schemas a value at `segments` is checked against: each union branch on its own. */
function schemasAt(
  root: JsonSchema,
  schema: JsonSchema,
  segments: readonly string[],
): JsonSchema[] {
  if (schema.$ref !== undefined) {
    const target = resolveLocalRef(root, schema.$ref)
    return target ? schemasAt(root, target, segments) : [{}]
  }
  if (schema.anyOf !== undefined) {
    return schema.anyOf.flatMap((branch) => schemasAt(root, branch, segments))
  }
  const [segment, ...rest] = segments
  if (segment === undefined) return [schema]
  const child =
    segment === '*'
      ? schema.items
      : segment === '{}'
        ? schema.additionalProperties
        : schema.properties?.[segment]
  return typeof child === 'object' ? schemasAt(root, child, rest) : []
}

/** Whether a schema takes a string that is not a date-time (a schema without a type does). */
function takesOtherStrings(schema: JsonSchema): boolean {
  if (schema.type === undefined) return schema.const === undefined && schema.enum === undefined
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  return types.includes('string') && schema.format !== 'date-time'
}
