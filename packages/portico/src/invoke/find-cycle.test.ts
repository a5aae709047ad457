import { describe, expect, it } from 'vitest'
import { findCycle } from './find-cycle.js'

describe('finding a cycle in a result', () => {
  it('names where a value first refers to an object that contains it', () => {
    const root: Record<string, unknown> = { name: 'root', children: [] }
    ;(root.children as unknown[]).push({ name: 'leaf', 'a/b': root })
    expect(findCycle(root)).toBe('/children/0/a~1b')
  })

  it('finds none in a value that shares an object without containing itself', () => {
    const shared = { id: 1 }
    expect(findCycle({ a: shared, b: [shared, shared] })).toBeUndefined()
    expect(findCycle('text')).toBeUndefined()
  })

  it('finds none in a value nested too deeply to walk', () => {
    let deep: Record<string, unknown> = {}
    for (let depth = 0; depth < 100_000; depth++) deep = { deep }
    expect(findCycle(deep)).toBeUndefined()
  })
})
