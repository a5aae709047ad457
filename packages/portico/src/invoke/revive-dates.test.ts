import { describe, expect, it } from 'vitest'
import type { DatePath } from './classify-date-paths.js'
import { reviveDates } from './revive-dates.js'

const only = (...paths: string[][]): DatePath[] =>
  paths.map((segments) => ({ segments, shared: false }))
const shared = (...paths: string[][]): DatePath[] =>
  paths.map((segments) => ({ segments, shared: true }))

describe('reviveDates', () => {
  it('turns strings into Dates at properties, array items and record values', () => {
    const input = {
      due: '2026-01-01T00:00:00Z',
      steps: [{ at: '2026-01-02T00:00:00Z' }, { at: '2026-01-03T00:00:00Z' }],
      byDay: { mon: '2026-01-05T00:00:00Z', tue: '2026-01-06T00:00:00Z' },
      label: '2026-01-01T00:00:00Z',
    }
    reviveDates(input, only(['due'], ['steps', '*', 'at'], ['byDay', '{}']))
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
    reviveDates(input, only(['reminder', 'at'], ['due'], ['list', '*']))
    expect(input).toEqual({ reminder: null })
  })

  it('keeps a string that is no date-time as it is where Date | string is declared', () => {
    const input = { due: 'hello', until: '2026-01-01', tags: ['next week', '2026-01-02T03:04:05Z'] }
    reviveDates(input, shared(['due'], ['until'], ['tags', '*']))
    expect(input).toEqual({
      due: 'hello',
      until: '2026-01-01',
      tags: ['next week', new Date('2026-01-02T03:04:05Z')],
    })
  })

  it('revives a date-time where Date | string is declared', () => {
    const input = { due: '2026-03-01T10:00:00+02:00' }
    reviveDates(input, shared(['due']))
    expect(input.due).toEqual(new Date('2026-03-01T08:00:00Z'))
  })
})
