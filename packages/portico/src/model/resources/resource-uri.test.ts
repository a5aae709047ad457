import { describe, expect, it } from 'vitest'
import { normalizeResourceUri, resourceUriOf } from './resource-uri.js'

describe('resourceUriOf', () => {
  it.each([
    ['static-text.txt', 'test://static-text'],
    ['guides/setup.md', 'test://guides/setup'],
    ['archive.tar.gz', 'test://archive.tar'],
    ['LICENSE', 'test://LICENSE'],
    ['my notes/a b.md', 'test://my%20notes/a%20b'],
    ['données/é.txt', 'test://donn%C3%A9es/%C3%A9'],
  ])('makes %j the URI %j', (path, uri) => {
    expect(resourceUriOf('test', path)).toBe(uri)
  })
})

describe('normalizeResourceUri', () => {
  it('writes a URI as new URL does, and refuses what is no URI or is too long', () => {
    expect(normalizeResourceUri('Test://x/a/../b')).toBe('test://x/b')
    expect(normalizeResourceUri('no uri at all')).toBeUndefined()
    expect(normalizeResourceUri(`test://${'a'.repeat(2048)}`)).toBeUndefined()
  })
})
