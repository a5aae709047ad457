import { describe, expect, it } from 'vitest'
import { completeValues, MAX_COMPLETION_VALUES } from './complete-values.js'

describe('completeValues', () => {
  it('keeps the candidates starting with the typed prefix, any case, in order', () => {
    expect(completeValues(['draft', 'Done', 'archived'], 'd')).toEqual({
      values: ['draft', 'Done'],
      total: 2,
      hasMore: false,
    })
  })

  it('offers every candidate for an empty prefix, and none when nothing matches', () => {
    expect(completeValues(['a', 'b'], '').values).toEqual(['a', 'b'])
    expect(completeValues(['a', 'b'], 'z')).toEqual({ values: [], total: 0, hasMore: false })
  })

  it(`answers at most ${MAX_COMPLETION_VALUES} values, with the total and hasMore`, () => {
    const candidates = Array.from({ length: 150 }, (_, index) => `v${index}`)
    const completion = completeValues(candidates, 'v')
    expect(completion.values).toHaveLength(MAX_COMPLETION_VALUES)
    expect(completion.values[0]).toBe('v0')
    expect([completion.total, completion.hasMore]).toEqual([150, true])
  })
})
