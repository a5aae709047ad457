import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { planDateRevival } from './plan-date-revival.js'
import { reviveDates } from './revive-dates.js'

const date: JsonSchema = { type: 'string', format: 'date-time' }
const dateOrString: JsonSchema = { anyOf: [date, { type: 'string' }] }

/** Revives `input` for a schema whose date paths are given. */
function revive(input: unknown, schema: JsonSchema, paths: string[][]): void {
  const plan = planDateRevival(schema, paths)
  if (plan === undefined) throw new Error('no plan')
  reviveDates(input, plan)
}

describe('reviveDates', () => {
  it('turns strings into Dates at properties, array items and record values', () => {
    const input = {
      due: '2026-01-01T00:00:00Z',
      steps: [{ at: '2026-01-02T00:00:00Z' }, { at: '2026-01-03T00:00:00Z' }],
      byDay: { mon: '2026-01-05T00:00:00Z', tue: '2026-01-06T00:00:00Z' },
      label: '2026-01-01T00:00:00Z',
    }
    const schema: JsonSchema = {
      properties: {
        due: date,
        steps: { items: { properties: { at: date } } },
        byDay: { additionalProperties: date },
      },
    }
    revive(input, schema, [['due'], ['steps', '*', 'at'], ['byDay', '{}']])
    expect(input.due).toEqual(new Date('2026-01-01T00:00:00Z'))
    expect(input.steps.map((step) => step.at)).toEqual([
      new Date('2026-01-02T00:00:00Z'),
      new Date('2026-01-03T00:00:00Z'),
    ])
    expect(Object.values(input.byDay).every((value) => (value as unknown) instanceof Date)).toBe(
      true,
    )
    expect(input.label).toBe('2026-01-01T00:00:00Z')
  })

  it('leaves absent optional values and null alone', () => {
    const input: Record<string, unknown> = { reminder: null }
    const schema: JsonSchema = {
      properties: { reminder: { properties: { at: date } }, due: date, list: { items: date } },
    }
    revive(input, schema, [['reminder', 'at'], ['due'], ['list', '*']])
    expect(input).toEqual({ reminder: null })
  })

  it('keeps a string that is no date-time as it is where Date | string is declared', () => {
    const input = { due: 'hello', until: '2026-01-01', tags: ['next week', '2026-01-02T03:04:05Z'] }
    const schema: JsonSchema = {
      properties: { due: dateOrString, until: dateOrString, tags: { items: dateOrString } },
    }
    revive(input, schema, [['due'], ['until'], ['tags', '*']])
    expect(input).toEqual({
      due: 'hello',
      until: '2026-01-01',
      tags: ['next week', new Date('2026-01-02T03:04:05Z')],
    })
  })

  it('revives a date-time where Date | string is declared', () => {
    const input = { due: '2026-03-01T10:00:00+02:00' }
    revive(input, { properties: { due: dateOrString } }, [['due']])
    expect(input.due).toEqual(new Date('2026-03-01T08:00:00Z'))
  })

  it('revives the dates of a recursive type at every depth', () => {
    const schema: JsonSchema = {
      properties: { task: { $ref: '#/$defs/Task' } },
      $defs: {
        Task: { properties: { at: date, subtasks: { items: { $ref: '#/$defs/Task' } } } },
      },
    }
    const leaf = { at: '2026-01-03T00:00:00Z', subtasks: [] }
    const input = {
      task: {
        at: '2026-01-01T00:00:00Z',
        subtasks: [{ at: '2026-01-02T00:00:00Z', subtasks: [leaf] }],
      },
    }
    revive(input, schema, [['#/$defs/Task', 'at']])
    expect(input.task.at).toEqual(new Date('2026-01-01T00:00:00Z'))
    expect(input.task.subtasks[0]?.at).toEqual(new Date('2026-01-02T00:00:00Z'))
    expect(leaf.at).toEqual(new Date('2026-01-03T00:00:00Z'))
  })
})
