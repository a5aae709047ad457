import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { classifyDatePaths } from './classify-date-paths.js'

const date: JsonSchema = { type: 'string', format: 'date-time' }

describe('classifyDatePaths', () => {
  it('marks a Date that shares its place with other strings, through unions and refs', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        due: date,
        maybe: { anyOf: [date, { type: 'null' }] },
        either: { anyOf: [{ type: 'string' }, date] },
        soon: { anyOf: [date, { type: 'string', const: 'never' }] },
        steps: { type: 'array', items: { $ref: '#/$defs/Step' } },
        byDay: { type: 'object', additionalProperties: { anyOf: [date, { type: 'string' }] } },
      },
      $defs: { Step: { type: 'object', properties: { at: { type: ['string', 'null'] } } } },
    }
    const paths = [['due'], ['maybe'], ['either'], ['soon'], ['steps', '*', 'at'], ['byDay', '{}']]
    expect(classifyDatePaths(schema, paths).map((path) => path.shared)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ])
  })
})
