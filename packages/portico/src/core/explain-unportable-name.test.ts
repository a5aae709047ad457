import { describe, expect, it } from 'vitest'
import { explainUnportableName } from './explain-unportable-name.js'

describe('explainUnportableName', () => {
  it('explains a backslash and a colon, wherever they sit', () => {
    for (const name of ['a\\b.md', '\\a.md', 'a.md\\']) {
      expect(explainUnportableName(name)).toMatch(/^its name holds "\\", which a zip may not hold/)
    }
    for (const name of ['c:d.md', 'C:', 'a.md:stream']) {
      expect(explainUnportableName(name)).toMatch(/^its name holds ":", which Windows reads/)
    }
  })

  it('accepts names that are the same on every system', () => {
    for (const name of ['a b.md', 'é.md', 'a-b_c.d.md', '[x](y).txt', 'a%5cb.md']) {
      expect(explainUnportableName(name)).toBeUndefined()
    }
  })
})
