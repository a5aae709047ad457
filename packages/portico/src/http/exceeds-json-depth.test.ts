import { describe, expect, it } from 'vitest'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './exceeds-json-depth.js'

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('exceedsJsonDepth', () => {
  it('tells arrays and objects nested past the limit from those at it', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(exceedsJsonDepth('{"a":[{"b":1}]}', 3)).toBe(false)
    expect(exceedsJsonDepth('{"a":[{"b":{}}]}', 3)).toBe(true)
  })

  it('counts siblings once, not as depth', () => {
    expect(exceedsJsonDepth(`[${'[],'.repeat(5000)}[]]`, 2)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(`["${'['.repeat(50)}\\"${'{'.repeat(50)}"]`, 1)).toBe(false)
    expect(exceedsJsonDepth(`["\\\\",[[${' '.repeat(10)}]]]`, 2)).toBe(true)
  })
})
