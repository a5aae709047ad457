import { describe, expect, it } from 'vitest'
import { pathnameOf, searchOf, targetPathOf, targetSearchOf } from './pathname-of.js'

describe('the path and query of a URL', () => {
  it('of an absolute URL, without query or fragment, as written', () => {
    expect(pathnameOf('http://a.example/api/Calc/add?x=1#f')).toBe('/api/Calc/add')
    expect(pathnameOf('http://a.example')).toBe('/')
    expect(pathnameOf('http://a.example/%2e/x')).toBe('/%2e/x')
    expect(searchOf('http://a.example/x?y=1#f')).toBe('?y=1')
    expect(searchOf('http://a.example/x')).toBe('')
  })

  it("of a request target as node:http gives it, cut at the first '?'", () => {
    expect(targetPathOf('/mcp')).toBe('/mcp')
    expect(targetPathOf('/api/Calc/add?x=1?y')).toBe('/api/Calc/add')
    expect(targetPathOf('?x')).toBe('')
    expect(targetSearchOf('/api/Calc/add?x=1?y')).toBe('?x=1?y')
    expect(targetSearchOf('/mcp')).toBe('')
  })
})
