import { describe, expect, it } from 'vitest'
import { createEtag, isNotModified } from './conditional-request.js'

const mtimeMs = Date.parse('2026-01-01T00:00:00.750Z')
const etag = createEtag(19, mtimeMs)

function check(headers: Record<string, string>): boolean {
  return isNotModified(new Headers(headers), etag, mtimeMs)
}

describe('createEtag', () => {
  it('formats size and whole milliseconds as quoted hex', () => {
    expect(createEtag(1024, 1767225600000.6)).toBe('"400-19b76daa800"')
  })
})

describe('isNotModified', () => {
  it.each([
    ['the same tag', etag],
    ['its weak form', `W/${etag}`],
    ['a list holding it', `"a", W/"b" ,${etag}`],
    ['a wildcard', '*'],
  ])('matches If-None-Match with %s', (_name, header) => {
    expect(check({ 'if-none-match': header })).toBe(true)
  })

  it('does not match another tag', () => {
    expect(check({ 'if-none-match': '"13-0", W/"0-0"' })).toBe(false)
  })

  it('compares If-Modified-Since in whole seconds', () => {
    expect(check({ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).toBe(true)
    expect(check({ 'if-modified-since': 'Wed, 31 Dec 2025 23:59:59 GMT' })).toBe(false)
  })

  it('ignores an invalid If-Modified-Since date', () => {
    expect(check({ 'if-modified-since': 'yesterday-ish' })).toBe(false)
  })

  it('lets If-None-Match win over If-Modified-Since', () => {
    expect(
      check({ 'if-none-match': '"other"', 'if-modified-since': 'Fri, 01 Jan 2027 00:00:00 GMT' }),
    ).toBe(false)
  })

  it('answers false without conditional headers', () => {
    expect(check({})).toBe(false)
  })
})
