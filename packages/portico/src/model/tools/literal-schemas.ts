import ts from 'typescript'
import type { JsonSchema, JsonSchemaTypeName } from '../../core/json-schema.js'

/** A literal's value: `'x'`, `3`, `true`. */
export function literalValue(
  checker: ts.TypeChecker,
  type: ts.Type,
): string | number | boolean | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value
  if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type) === 'true'
  return undefined
}

/** `'x'` → `{ type: 'string', const: 'x' }`, and likewise for numbers and booleans. */
export function literalToSchema(checker: ts.TypeChecker, type: ts.Type): JsonSchema {
  const value = literalValue(checker, type)
  if (value === undefined) return {}
  return { type: typeNameOf(value), const: value }
}

/** Values of one JSON type: one is a `const`, several an `enum`. */
export function valuesToSchema(values: readonly (string | number | boolean)[]): JsonSchema {
  const types = [...new Set(values.map(typeNameOf))]
  const [first] = types
  const type = types.length === 1 && first !== undefined ? first : types
  if (values.length === 1) return { type, const: values[0] }
  return { type, enum: [...values] }
}

/** A TypeScript enum: the values of its members, in declaration order. */
export function enumToSchema(type: ts.UnionType): JsonSchema {
  const values = type.types
    .map((member) =>
      member.isStringLiteral() || member.isNumberLiteral() ? member.value : undefined,
    )
    .filter((value) => value !== undefined)
  const schema = valuesToSchema(values)
  if (!('const' in schema)) return schema
  const { const: value, ...rest } = schema
  return { ...rest, enum: [value] }
}

/** The JSON type of a literal value. */
export function typeNameOf(value: string | number | boolean): JsonSchemaTypeName {
  if (typeof value === 'string') return 'string'
  return typeof value === 'number' ? 'number' : 'boolean'
}
