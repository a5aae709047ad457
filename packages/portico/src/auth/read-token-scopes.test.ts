import { describe, expect, it } from 'vitest'
import { readTokenScopes } from './read-token-scopes.js'

describe('readTokenScopes', () => {
  it('splits a space-separated scope string', () => {
    expect(readTokenScopes({ scope: ' a  b ' })).toEqual(['a', 'b'])
  })

  it('merges scope with an scp string or array, without duplicates', () => {
    expect(readTokenScopes({ scope: 'a b', scp: 'b c' })).toEqual(['a', 'b', 'c'])
    expect(readTokenScopes({ scp: ['c', 'd', 'c'] })).toEqual(['c', 'd'])
  })

  it('ignores claims of other types and odd array items', () => {
    expect(readTokenScopes({ scope: 42, scp: ['a', 1, null, 'b c', ''] })).toEqual(['a'])
    expect(readTokenScopes({})).toEqual([])
  })
})
