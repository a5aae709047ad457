import { describe, expect, it } from 'vitest'
import { coerceTemplateVariables } from './coerce-template-variables.js'

const schema = {
  type: 'object' as const,
  properties: {
    id: { type: 'integer' as const },
    ratio: { type: 'number' as const },
    on: { type: 'boolean' as const },
    kind: { type: 'string' as const, enum: ['book', 'film'] },
    level: { type: 'number' as const, enum: [1, 2] },
    name: { type: 'string' as const },
  },
}

describe('coerceTemplateVariables', () => {
  it('turns text into the declared types', () => {
    expect(
      coerceTemplateVariables(
        { id: '42', ratio: '-1.5e2', on: 'true', kind: 'film', level: '2', name: '007' },
        schema,
      ),
    ).toEqual({ id: 42, ratio: -150, on: true, kind: 'film', level: 2, name: '007' })
  })

  it('leaves text that fits no type as text, for validation to refuse', () => {
    expect(
      coerceTemplateVariables({ id: '4x', ratio: '', on: 'yes', kind: 'game', level: '3' }, schema),
    ).toEqual({ id: '4x', ratio: '', on: 'yes', kind: 'game', level: '3' })
  })
})
