import { describe, expect, it } from 'vitest'
import { invalidCursorMessage, paginateList } from './paginate-list.js'

const numbers = (count: number) => Array.from({ length: count }, (_, index) => ({ index }))

/** Every entry of a paged list, walked from the first page by its cursors. */
function walk<T>(pages: ReturnType<typeof paginateList<T>>): T[][] {
  const seen: T[][] = []
  let cursor: string | undefined
  do {
    const index = pages.pageIndexOf(cursor)
    if (index === undefined) throw new Error(`refused ${cursor}`)
    const page = pages.page(index)
    seen.push(page.items)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return seen
}

describe('paginateList', () => {
  it('keeps a list that fits one page whole, the same array, with no cursor', () => {
    const items = numbers(3)
    const pages = paginateList(items, 3)
    expect(pages.pageCount).toBe(1)
    expect(pages.pageIndexOf(undefined)).toBe(0)
    expect(pages.page(0)).toEqual({ items })
    expect(pages.page(0).items).toBe(items)
    expect(paginateList([], 3).page(0)).toEqual({ items: [] })
  })

  it('refuses every cursor on a list of one page', () => {
    const pages = paginateList(numbers(3), 3)
    expect(pages.pageIndexOf('bogus')).toBeUndefined()
    expect(pages.pageIndexOf('')).toBeUndefined()
  })

  it('walks a longer list page by page, each entry once, the last page without a cursor', () => {
    const items = numbers(7)
    const pages = paginateList(items, 3)
    expect(pages.pageCount).toBe(3)
    const seen = walk(pages)
    expect(seen.map((page) => page.length)).toEqual([3, 3, 1])
    expect(seen.flat()).toEqual(items)
    expect(pages.page(2).nextCursor).toBeUndefined()
  })

  it('issues the same cursors for the same list on another replica, and makes each page once', () => {
    const a = paginateList(numbers(7), 3)
    const b = paginateList(numbers(7), 3)
    expect(a.page(0).nextCursor).toBe(b.page(0).nextCursor)
    expect(b.pageIndexOf(a.page(1).nextCursor)).toBe(2)
    expect(a.page(1)).toBe(a.page(1))
  })

  it('gives opaque cursors of URL-safe characters', () => {
    const cursor = paginateList(numbers(7), 3).page(0).nextCursor
    expect(cursor).toMatch(/^[\w-]+$/)
  })

  it('refuses a cursor of another version of the list, another list or a forged offset', () => {
    const pages = paginateList(numbers(7), 3)
    const changed = paginateList([...numbers(6), { index: 99 }], 3)
    const cursor = pages.page(0).nextCursor as string
    expect(changed.pageIndexOf(cursor)).toBeUndefined()
    expect(paginateList(numbers(8), 3).pageIndexOf(cursor)).toBeUndefined()
    const tag = Buffer.from(cursor, 'base64url').toString().split('.')[1]
    const forged = (offset: string) => Buffer.from(`${offset}.${tag}`).toString('base64url')
    expect(pages.pageIndexOf(forged('6'))).toBe(2)
    for (const offset of ['0', '1', '9', '-3', '3e0', '03x', '999999999999'])
      expect(pages.pageIndexOf(forged(offset)), offset).toBeUndefined()
    for (const cursor of ['bogus', '', 5, null, {}])
      expect(pages.pageIndexOf(cursor), String(cursor)).toBeUndefined()
  })
})

describe('invalidCursorMessage', () => {
  it('names the method and what to do', () => {
    expect(invalidCursorMessage('tools/list')).toBe(
      'Invalid cursor for tools/list: this server did not issue it, or its list has changed since; list again without a cursor',
    )
  })
})
