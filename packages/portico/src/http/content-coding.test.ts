import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsCoding, preferredCoding } from './content-coding.js'
import { createGzipSplice } from './create-gzip-splice.js'

describe('preferredCoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%s → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding)
  })

  test('a client may take gzip without preferring it', () => {
    expect(acceptsCoding('br, gzip;q=0.5', 'gzip')).toBe(true)
    expect(acceptsCoding('br', 'gzip')).toBe(false)
  })
})

describe('createGzipSplice', () => {
  test('each answer inflates to the head and its own tail, the head compressed once', () => {
    const head = Buffer.from(`{"result":${JSON.stringify({ items: Array(2000).fill('déjà vu') })}`)
    const splice = createGzipSplice(head)
    for (const id of [1, '"a quoted ✓ id"']) {
      const tail = Buffer.from(`,"jsonrpc":"2.0","id":${id}}`)
      const [compressed, end] = splice.answer(tail) ?? []
      expect(compressed?.byteLength).toBeLessThan(head.byteLength / 10)
      const inflated = gunzipSync(Buffer.concat([compressed as Buffer, end as Buffer]))
      expect(inflated.equals(Buffer.concat([head, tail]))).toBe(true)
    }
  })

  test('a tail too long for one stored block is left to the caller', () => {
    expect(createGzipSplice(Buffer.from('{}')).answer(Buffer.alloc(70_000, 32))).toBeUndefined()
  })
})
