import { describe, expect, it } from 'vitest'
import { namesRevision } from './protocol-versions.js'

describe('namesRevision', () => {
  it.each([
    ['2025-11-25', true],
    ['2099-01-01', true],
    ['banana', false],
    ['2025-11-25 ', false],
    ['', false],
  ])('tells whether %j names a revision (%s)', (version, names) => {
    expect(namesRevision(version)).toBe(names)
  })
})
