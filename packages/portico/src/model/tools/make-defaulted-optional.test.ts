import { describe, expect, it } from 'vitest'
import { makeDefaultedOptional } from './make-defaulted-optional.js'

describe('makeDefaultedOptional', () => {
  it('drops from required every property with a default, at any depth', () => {
    const schema = makeDefaultedOptional({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer', default: 3 },
        filter: {
          type: 'object',
          properties: { limit: { type: 'integer', default: 10 } },
          required: ['limit'],
        },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { on: { type: 'boolean', default: true }, id: { type: 'string' } },
            required: ['on', 'id'],
          },
        },
        tree: { $ref: '#/$defs/Node' },
      },
      required: ['city', 'days', 'filter', 'rows', 'tree'],
      $defs: {
        Node: {
          anyOf: [
            {
              type: 'object',
              properties: { depth: { type: 'integer', default: 0 } },
              required: ['depth'],
            },
            { type: 'null' },
          ],
        },
      },
    })
    expect(schema.required).toEqual(['city', 'filter', 'rows', 'tree'])
    expect(schema.properties?.filter?.required).toBeUndefined()
    expect(schema.properties?.rows?.items?.required).toEqual(['id'])
    expect(schema.$defs?.Node?.anyOf?.[0]?.required).toBeUndefined()
    // Defaults themselves are kept: the validator applies them.
    expect(schema.properties?.days).toEqual({ type: 'integer', default: 3 })
  })
})
