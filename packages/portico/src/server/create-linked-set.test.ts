import { describe, expect, it } from 'vitest'
import { createLinkedSet } from './create-linked-set.js'

interface Member {
  id: number
}

const members = (count: number): Member[] => Array.from({ length: count }, (_, id) => ({ id }))
const ids = (set: Iterable<Member>) => [...set].map((member) => member.id).sort()

describe('createLinkedSet', () => {
  it('holds what was added and not deleted, wherever in the list it was deleted from', () => {
    const set = createLinkedSet<Member>()
    const [a, b, c, d, e] = [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] as const
    for (const member of [a, b, c, d, e]) set.add(member)
    // The newest (the list's head), one in the middle, the oldest (its tail).
    set.delete(e)
    set.delete(c)
    set.delete(a)
    expect(ids(set)).toEqual([1, 3])
    set.delete(b)
    set.delete(d)
    expect(ids(set)).toEqual([])
    set.add(c)
    expect(ids(set)).toEqual([2])
  })

  it('leaves the set alone when a member is deleted twice or was never added', () => {
    const set = createLinkedSet<Member>()
    const [a, b, stranger] = [{ id: 0 }, { id: 1 }, { id: 2 }] as const
    set.add(a)
    set.add(b)
    set.delete(a)
    set.delete(a)
    set.delete(stranger)
    expect(ids(set)).toEqual([1])
  })

  it('lets the caller delete each member it is given while iterating', () => {
    const set = createLinkedSet<Member>()
    const all = members(100)
    for (const member of all) set.add(member)
    const seen: number[] = []
    for (const member of set) {
      seen.push(member.id)
      set.delete(member)
    }
    expect(seen.sort((x, y) => x - y)).toEqual(all.map((member) => member.id))
    expect([...set]).toEqual([])
  })

  it('matches a Set through a long run of random additions and deletions', () => {
    const set = createLinkedSet<Member>()
    const reference = new Set<Member>()
    const pool = members(40)
    // A fixed linear congruential sequence: the run is the same every time.
    let seed = 7
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed
    }
    for (let step = 0; step < 5_000; step++) {
      const member = pool[random() % pool.length] as Member
      if (reference.has(member)) {
        set.delete(member)
        reference.delete(member)
      } else {
        set.add(member)
        reference.add(member)
      }
    }
    expect(ids(set)).toEqual(ids(reference))
  })
})
