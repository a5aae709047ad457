import { describe, expect, it } from 'vitest'
import { createCallRegistry } from './create-call-registry.js'

describe('createCallRegistry', () => {
  it('abandons the call of the caller and request id a cancel names, with its reason', () => {
    const registry = createCallRegistry()
    const reasons: unknown[] = []
    registry.enter('alice', 3, (reason) => reasons.push(reason))
    expect(registry.cancel('alice', 3, 'changed my mind')).toBe(true)
    expect(reasons).toEqual(['changed my mind'])
  })

  it("refuses to cancel another caller's call, and a string id for a number", () => {
    const registry = createCallRegistry()
    const reasons: unknown[] = []
    registry.enter('alice', 3, (reason) => reasons.push(reason))
    expect(registry.cancel('bob', 3, 'mine now')).toBe(false)
    expect(registry.cancel('', 3, 'anonymous')).toBe(false)
    expect(registry.cancel('alice', '3', 'as text')).toBe(false)
    expect(reasons).toEqual([])
  })

  it('ignores a cancel that names several calls under way, and one that names a finished call', () => {
    const registry = createCallRegistry()
    const reasons: unknown[] = []
    const leaveFirst = registry.enter('', 0, (reason) => reasons.push(['first', reason]))
    registry.enter('', 0, (reason) => reasons.push(['second', reason]))
    expect(registry.cancel('', 0, 'which?')).toBe(false)
    leaveFirst()
    expect(registry.cancel('', 0, 'now clear')).toBe(true)
    expect(reasons).toEqual([['second', 'now clear']])
    const leave = registry.enter('alice', 'a', () => reasons.push('late'))
    leave()
    expect(registry.cancel('alice', 'a', 'too late')).toBe(false)
  })
})
