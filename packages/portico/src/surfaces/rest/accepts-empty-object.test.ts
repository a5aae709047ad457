import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { createSchemaCompiler } from '../../invoke/compile-validator.js'
import { acceptsEmptyObject } from './accepts-empty-object.js'

const object = { type: 'object' } as const
const needsKey: JsonSchema = {
  ...object,
  properties: { key: { type: 'string' } },
  required: ['key'],
}
const optionalAll: JsonSchema = { ...object, properties: { all: { type: 'boolean' } } }

const cases: [string, JsonSchema, boolean][] = [
  ['an object without required properties', optionalAll, true],
  ['an object with a required property', needsKey, false],
  ['a union of two objects that each require one', { anyOf: [needsKey, { ...needsKey }] }, false],
  ['a union with a branch that requires nothing', { anyOf: [needsKey, optionalAll] }, true],
  ['oneOf with exactly one branch that accepts {}', { oneOf: [needsKey, optionalAll] }, true],
  ['oneOf with two branches that accept {}', { oneOf: [optionalAll, object] }, false],
  ['allOf with one branch that requires', { allOf: [optionalAll, needsKey] }, false],
  ['a $ref to a required property', { $ref: '#/$defs/K', $defs: { K: needsKey } }, false],
  ['a $ref to an optional one', { $ref: '#/$defs/A', $defs: { A: optionalAll } }, true],
  ['a string', { type: 'string' }, false],
  ['minProperties 1', { ...object, minProperties: 1 }, false],
  ['an enum holding {}', { enum: [{}, { a: 1 }] }, true],
  ['a const other than {}', { const: { a: 1 } }, false],
  ['not {}', { not: { ...object, maxProperties: 0 } }, false],
]

describe('acceptsEmptyObject', () => {
  const compile = createSchemaCompiler({ strict: false })
  it.each(cases)('answers as Ajv does for %s', (_name, schema, expected) => {
    expect(compile(schema)({})).toEqual(expected ? [] : expect.arrayContaining([expect.anything()]))
    expect(acceptsEmptyObject(schema)).toBe(expected)
  })

  // Ajv itself overflows its stack on this one: a union whose branch is the union again.
  it('refuses {} for a union that refers to itself and otherwise requires', () => {
    const schema: JsonSchema = {
      $ref: '#/$defs/T',
      $defs: { T: { anyOf: [{ $ref: '#/$defs/T' }, needsKey] } },
    }
    expect(acceptsEmptyObject(schema)).toBe(false)
  })
})
