import { describe, expect, it } from 'vitest'
import { reviveDates } from './revive-dates.js'

describe('reviveDates', () => {
  it('turns strings into Dates at properties, array items and record values', () => {
    const input = {
      due: '2026-01-01T00:00:00Z',
      steps: [{ at: '2026-01-02T00:00:00Z' }, { at: '2026-01-03T00:00:00Z' }],
      byDay: { mon: '2026-01-05T00:00:00Z', tue: '2026-01-06T00:00:00Z' },
      label: '2026-01-01T00:00:00Z',
    }
    reviveDates(input, [['due'], ['steps', '*', 'at'], ['byDay', '{}']])
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
    reviveDates(input, [['reminder', 'at'], ['due'], ['list', '*']])
    expect(input).toEqual({ reminder: null })
  })
})
