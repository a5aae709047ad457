import fc from 'fast-check'
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
    ['/..%2f/evil.example', '/..%2f/evil.example'],
    ['/%5c/evil.example', '/%5c/evil.example'],
    ['/%2e%2e/%2Fevil.example', '/%2Fevil.example'],
    ['/\uff0f/evil.example', '/%EF%BC%8F/evil.example'],
    ['/x?//evil.example', '/x?//evil.example'],
    ['/#//evil.example', '/#//evil.example'],
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

  it.each([
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/.\\/evil.example',
    '/..\\/evil.example',
    '/./\\evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/a/../..//evil.example',
    '/a/%2e%2e/%2e%2e//evil.example',
    '/..\\\\evil.example',
    '/..//',
  ])('refuses %j, which resolves to another host', (value) => {
    expect(checkReturnPath(value, ORIGIN)).toEqual({
      ok: false,
      detail: `return_to must stay on this site, but ${JSON.stringify(value)} resolves to ${JSON.stringify(new URL(value, ORIGIN).href.slice(ORIGIN.length))}`,
    })
  })

  it('accepts the origin however its host is cased', () => {
    expect(checkReturnPath('/a', 'https://Notes.Example.com')).toEqual({ ok: true, path: '/a' })
  })

  // The pieces a hostile return_to is made of, so that the runs meet them far more often
  // than among arbitrary strings.
  const piece = fc.constantFrom(
    '/',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '%00',
    '\t',
    '\n',
    ' ',
    '\u3000',
    '\uff0f',
    '\u2215',
    '?',
    '#',
    '@',
    ':',
    'evil.example',
    'a',
  )
  const candidate = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    fc
      .tuple(fc.array(piece, { maxLength: 12 }), fc.string({ unit: 'grapheme' }))
      .map(([parts, tail]) => `/${parts.join('')}${tail}`),
  )

  it('returns only paths that stay on the origin, as a browser resolves them', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const check = checkReturnPath(value, ORIGIN)
        if (!check.ok) return
        expect(check.path).toMatch(/^\/(?![/\\])/)
        const again = new URL(check.path, ORIGIN)
        expect(again.origin).toBe(ORIGIN)
        // What the browser goes to is what was checked: the path resolves to itself.
        expect(`${again.pathname}${again.search}${again.hash}`).toBe(check.path)
        expect(checkReturnPath(check.path, ORIGIN)).toEqual(check)
      }),
      { numRuns: 5000 },
    )
  })
})
