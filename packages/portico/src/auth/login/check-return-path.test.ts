import { describe, expect, it } from 'vitest'
import { checkReturnPath } from './check-return-path.js'

const ORIGIN = 'https://notes.example.com'

describe('checkReturnPath', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/', '/'],
    ['/#/tools/Notes_list', '/#/tools/Notes_list'],
    ['/docs?x=1#top', '/docs?x=1#top'],
    ['/a/../b', '/b'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('accepts %j as %j', (value, path) => {
    expect(checkReturnPath(value, ORIGIN)).toEqual({ ok: true, path })
  })

  it.each([
    ['//evil.example', 'single "/"'],
    ['/\\evil.example', 'single "/"'],
    ['https://evil.example/', 'single "/"'],
    ['javascript:alert(1)', 'single "/"'],
    ['%2F%2Fevil.example', 'single "/"'],
    ['evil', 'single "/"'],
    ['/\t/evil.example', 'control character'],
    ['/\n', 'control character'],
    ['/\u007f', 'control character'],
    [`/${'a'.repeat(2048)}`, 'longer than 2048'],
  ])('refuses %j', (value, why) => {
    const check = checkReturnPath(value, ORIGIN)
    expect(check.ok).toBe(false)
    expect(check.ok ? '' : check.detail).toContain(why)
  })
})
