import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../../core/portico-error.js'
import { buildZip } from './build-zip.js'

const text = (value: string) => new TextEncoder().encode(value)

describe('buildZip', () => {
  it('gives byte-equal archives for the same entries in any order', () => {
    const a = buildZip([
      { path: 'b/two.md', bytes: text('two') },
      { path: 'a/one.md', bytes: text('one') },
    ])
    const b = buildZip([
      { path: 'a/one.md', bytes: text('one') },
      { path: 'b/two.md', bytes: text('two') },
    ])
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
  })

  it('round-trips every entry, sorted', () => {
    const archive = unzipSync(
      buildZip([
        { path: 'z.bin', bytes: new Uint8Array([0, 255, 1]) },
        { path: 'a.txt', bytes: text('héllo') },
      ]),
    )
    expect(Object.keys(archive)).toEqual(['a.txt', 'z.bin'])
    expect(new TextDecoder().decode(archive['a.txt'])).toBe('héllo')
    expect([...(archive['z.bin'] ?? [])]).toEqual([0, 255, 1])
  })

  it.each([
    ['a\\b.md', 'its name holds "\\"'],
    ['skills/x/c:d.md', 'its name holds ":"'],
    ['C:/x.md', 'its name holds ":"'],
    ['/etc/x.md', 'it is absolute'],
    ['skills/../x.md', '".." segment'],
    ['skills/./x.md', '".." segment'],
    ['skills//x.md', 'empty'],
    ['skills/x/', 'empty'],
  ])('refuses the entry %s, which could unpack outside the folder', (path, reason) => {
    let caught: unknown
    try {
      buildZip([
        { path: 'a.md', bytes: text('a') },
        { path, bytes: text('x') },
      ])
    } catch (error) {
      caught = error
    }
    expect(isPorticoError(caught) && caught.kind).toBe('execution')
    expect((caught as Error).message).toContain(`The zip entry "${path}" is refused: `)
    expect((caught as Error).message).toContain(reason)
  })
})
