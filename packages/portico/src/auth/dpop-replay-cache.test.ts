import { describe, expect, it } from 'vitest'
import { createDpopReplayCache } from './dpop-replay-cache.js'

describe('createDpopReplayCache', () => {
  const start = 1_800_000_000_000
  const seconds = start / 1000

  it('accepts a proof once, and again once its lifetime is over', () => {
    let now = start
    const cache = createDpopReplayCache({ lifetimeSeconds: 60, now: () => now })
    expect(cache.remember('k a', seconds)).toBe(true)
    expect(cache.remember('k a', seconds)).toBe(false)
    expect(cache.remember('k b', seconds)).toBe(true)
    now += 61_000
    expect(cache.remember('k a', seconds + 61)).toBe(true)
  })

  it('when full, forgets the oldest and refuses every proof no newer than it', () => {
    const cache = createDpopReplayCache({ lifetimeSeconds: 60, maxEntries: 2, now: () => start })
    expect(cache.remember('a', seconds - 3)).toBe(true)
    expect(cache.remember('b', seconds - 2)).toBe(true)
    expect(cache.remember('c', seconds - 1)).toBe(true)
    expect(cache.remember('a', seconds - 3)).toBe(false)
    expect(cache.remember('z', seconds - 3)).toBe(false)
    expect(cache.remember('b', seconds - 2)).toBe(false)
    expect(cache.remember('d', seconds)).toBe(true)
  })
})
