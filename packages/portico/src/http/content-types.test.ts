import { describe, expect, it } from 'vitest'
import { contentTypeFor } from './content-types.js'

describe('contentTypeFor', () => {
  it.each([
    ['/p/app.js', 'text/javascript; charset=utf-8'],
    ['/p/app.MJS', 'text/javascript; charset=utf-8'],
    ['/p/app.js.map', 'application/json; charset=utf-8'],
    ['/p/font.woff2', 'font/woff2'],
    ['/p/photo.JPEG', 'image/jpeg'],
    ['/p/mod.wasm', 'application/wasm'],
    ['/p/Makefile', 'application/octet-stream'],
    ['/p/archive.tar.gz', 'application/octet-stream'],
  ])('types %s as %s', (path, type) => {
    expect(contentTypeFor(path)).toBe(type)
  })
})
