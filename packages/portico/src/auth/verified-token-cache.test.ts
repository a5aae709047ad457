import { describe, expect, it } from 'vitest'
import { createVerifiedTokenCache } from './verified-token-cache.js'

describe('createVerifiedTokenCache', () => {
  it('forgets a token after maxAgeMs', () => {
    let now = 0
    const cache = createVerifiedTokenCache({ maxAgeMs: 1000, maxCharacters: 100, now: () => now })
    cache.set('token-a', { sub: 'a' })
    now = 999
    expect(cache.get('token-a')).toEqual({ sub: 'a' })
    now = 1000
    expect(cache.get('token-a')).toBeUndefined()
  })

  it('holds at most maxCharacters of tokens, the oldest out first', () => {
    const cache = createVerifiedTokenCache({ maxAgeMs: 1000, maxCharacters: 10, now: () => 0 })
    cache.set('aaaa', { sub: 'a' })
    cache.set('bbbb', { sub: 'b' })
    cache.set('cccc', { sub: 'c' })
    expect(cache.get('aaaa')).toBeUndefined()
    expect(cache.get('bbbb')).toEqual({ sub: 'b' })
    expect(cache.get('cccc')).toEqual({ sub: 'c' })
    cache.set('x'.repeat(11), { sub: 'x' })
    expect(cache.get('x'.repeat(11))).toBeUndefined()
    expect(cache.get('cccc')).toEqual({ sub: 'c' })
  })
})

describe('createVerifiedTokenCache keys', () => {
  it('tells apart tokens that end alike', () => {
    const cache = createVerifiedTokenCache({ maxAgeMs: 1000, maxCharacters: 1000, now: () => 0 })
    const tail = 's'.repeat(40)
    cache.set(`one.${tail}`, { sub: 'one' })
    expect(cache.get(`two.${tail}`)).toBeUndefined()
    cache.set(`two.${tail}`, { sub: 'two' })
    expect(cache.get(`two.${tail}`)).toEqual({ sub: 'two' })
    expect(cache.get(`one.${tail}`)).toBeUndefined()
  })
})
