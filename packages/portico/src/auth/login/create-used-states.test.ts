import { describe, expect, it } from 'vitest'
import { createUsedStates } from './create-used-states.js'

describe('createUsedStates', () => {
  it('accepts a state once while it is remembered, and forgets it after its lifetime', () => {
    const used = createUsedStates(600)
    expect(used.claim('a', 1000)).toBe(true)
    expect(used.claim('a', 1599)).toBe(false)
    expect(used.claim('b', 1599)).toBe(true)
    expect(used.claim('a', 1600)).toBe(true)
    expect(used.claim('b', 1600)).toBe(false)
  })
})
