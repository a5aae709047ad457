import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { compileOutputShaper } from './compile-output-shaper.js'
import { createSchemaCompiler } from './compile-validator.js'

/** `interface Node { name: string; children: Node[] }`, as the schema extractor writes it. */
const treeSchema: JsonSchema = {
  $ref: '#/$defs/Node',
  $defs: {
    Node: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/Node' } },
      },
      required: ['name', 'children'],
      additionalProperties: false,
    },
  },
}

describe('the output shaper of a recursive type', () => {
  const shape = compileOutputShaper(treeSchema, 'Trees_get', createSchemaCompiler())

  it('names where a value that contains itself closes the circle', () => {
    const root = { name: 'root', children: [] as unknown[] }
    root.children.push({ name: 'leaf', children: [root] })
    expect(() => shape(root)).toThrow(
      'The output of Trees_get does not match its declared type: /children/0/children/0: cannot be written as JSON (it contains itself: a circular structure)',
    )
  })

  it('refuses a value nested deeper than the stack, without a cycle to name', () => {
    let deep = { name: 'leaf', children: [] as unknown[] }
    for (let depth = 0; depth < 100_000; depth++) deep = { name: 'node', children: [deep] }
    expect(() => shape(deep)).toThrow(
      'The output of Trees_get does not match its declared type: /: cannot be written as JSON (it is nested too deeply)',
    )
  })
})

describe('the output shaper of @multipleOf 0.01', () => {
  const shape = compileOutputShaper(
    {
      type: 'object',
      properties: { price: { type: 'number', multipleOf: 0.01 } },
      required: ['price'],
      additionalProperties: false,
    },
    'Ledger_quote',
    createSchemaCompiler(),
  )

  it('writes an amount in whole cents, however the division rounded it', () => {
    for (const price of [19.99, 0.07, 4.35, 1999 / 100, 435 / 100]) {
      expect(shape({ price }), String(price)).toEqual({ price })
    }
  })

  it('refuses an amount JSON would write with a third decimal', () => {
    expect(() => shape({ price: 0.1 + 0.2 })).toThrow(
      'The output of Ledger_quote does not match its declared type: /price: must be multiple of 0.01',
    )
  })
})

describe('the output shaper of enums and literals', () => {
  const shaper = (schema: JsonSchema) =>
    compileOutputShaper(schema, 'Status_get', createSchemaCompiler())

  it('holds an enum or const without a type', () => {
    expect(shaper({ enum: [null] })(undefined)).toBeNull()
    expect(() => shaper({ enum: [null] })(false)).toThrow(
      'The output of Status_get does not match its declared type: /: must be null',
    )
    expect(shaper({ const: 'fixed' })('fixed')).toBe('fixed')
    expect(() => shaper({ const: 'fixed' })(false)).toThrow(
      'The output of Status_get does not match its declared type: /: must be "fixed"',
    )
    expect(() => shaper({ enum: ['open', 'done'] })('x')).toThrow(
      'The output of Status_get does not match its declared type: /: must be one of "open", "done"',
    )
  })

  it('compares objects and arrays as JSON values, keys in any order', () => {
    const shape = shaper({
      type: 'object',
      properties: { status: { enum: [{ a: 1, b: [true, null] }, [1, 2]] } },
      additionalProperties: false,
    })
    expect(shape({ status: { b: [true, null], a: 1 } })).toEqual({
      status: { a: 1, b: [true, null] },
    })
    expect(shape({ status: [1, 2] })).toEqual({ status: [1, 2] })
    for (const status of [{ a: 1, b: [true] }, { a: 1 }, { a: 1, b: [true, null], c: 0 }, [2, 1]]) {
      expect(() => shape({ status }), JSON.stringify(status)).toThrow(
        'The output of Status_get does not match its declared type: /status: must be one of {"a":1,"b":[true,null]}, [1,2]',
      )
    }
  })

  it('holds a const beside a union or a reference', () => {
    const shape = shaper({
      type: 'object',
      properties: {
        u: { anyOf: [{ type: 'string' }, { type: 'number' }], const: 2 },
        r: { $ref: '#/$defs/Word', const: 'yes' },
      },
      $defs: { Word: { type: 'string' } },
      additionalProperties: false,
    })
    expect(shape({ u: 2, r: 'yes' })).toEqual({ u: 2, r: 'yes' })
    expect(() => shape({ u: 'two' })).toThrow('/u: must be 2')
    expect(() => shape({ r: 'no' })).toThrow('/r: must be "yes"')
  })
})

describe('the output shaper of a Date', () => {
  const shape = compileOutputShaper(
    {
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' } },
      required: ['at'],
      additionalProperties: false,
    },
    'Calendar_next',
    createSchemaCompiler(),
  )

  it('writes the years 0000 to 9999 as RFC 3339 date-times', () => {
    expect(shape({ at: new Date('0000-01-01T00:00:00.000Z') })).toEqual({
      at: '0000-01-01T00:00:00.000Z',
    })
    expect(shape({ at: new Date('9999-12-31T23:59:59.999Z') })).toEqual({
      at: '9999-12-31T23:59:59.999Z',
    })
  })

  it('refuses a Date in a year RFC 3339 cannot write, naming its path', () => {
    for (const [at, year] of [
      [new Date(Date.parse('0000-01-01T00:00:00.000Z') - 1), -1],
      [new Date(-62198755200000 - 86400000), -2],
      [new Date(Date.parse('9999-12-31T23:59:59.999Z') + 1), 10000],
      [new Date(8.64e15), 275760],
    ] as const) {
      expect(() => shape({ at }), at.toISOString()).toThrow(
        `The output of Calendar_next does not match its declared type: /at: is a Date whose year, ${year}, is outside 0000-9999`,
      )
    }
  })

  it('refuses an invalid Date', () => {
    expect(() => shape({ at: new Date('nope') })).toThrow(
      'The output of Calendar_next does not match its declared type: /at: is an invalid Date',
    )
  })
})
