import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { createSchemaCompiler } from './compile-validator.js'
import { compileOutputShaper } from './shape-output.js'

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
