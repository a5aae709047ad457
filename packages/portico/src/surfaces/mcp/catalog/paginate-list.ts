import { createHash } from 'node:crypto'

/** One page of a list: its entries, and the cursor of the next page unless it is the last. */
export interface ListPage<T> {
  items: T[]
  nextCursor?: string
}

/**
 * A list of the catalog cut into pages. A list that fits one page has no cursor at all: its one
 * page is the list itself, so its answer is the one it always was.
 */
export interface PagedList<T> {
  /** How many pages: 1 for a list that fits one (an empty list included). */
  readonly pageCount: number
  /**
   * The index of the page a request's `cursor` names: 0 without one, `undefined` for anything
   * this list did not issue (another list's cursor, another plugin version's, a forged one).
   */
  pageIndexOf(cursor: unknown): number | undefined
  /** The page at an index {@link pageIndexOf} gave, made once. */
  page(index: number): ListPage<T>
}

/** The characters of the catalog's hash a cursor carries: 72 bits, as base64url. */
const TAG_LENGTH = 12
const CURSOR = /^(\d{1,9})\.([\w-]{12})$/

/**
 * Cuts `items` into pages of `pageSize`. A cursor is opaque to clients (MCP, Pagination): the
 * base64url of the offset of its page and a short hash of the whole list, so that every replica
 * serving the same plugin reads it, with no state kept, and one of another version of the list
 * (a rebuilt plugin, a replica not yet updated) is refused instead of skipping or repeating
 * entries. The hash is taken on the first page that needs one: a list of one page never pays it.
 */
export function paginateList<T>(items: T[], pageSize: number): PagedList<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize))
  if (pageCount === 1) {
    const only: ListPage<T> = { items }
    return {
      pageCount,
      pageIndexOf: (cursor) => (cursor === undefined ? 0 : undefined),
      page: () => only,
    }
  }
  let tag: string | undefined
  const tagOf = () => {
    tag ??= createHash('sha256')
      .update(JSON.stringify(items))
      .digest('base64url')
      .slice(0, TAG_LENGTH)
    return tag
  }
  const cursorOf = (index: number) =>
    Buffer.from(`${index * pageSize}.${tagOf()}`).toString('base64url')
  const pages: ListPage<T>[] = []
  return {
    pageCount,
    pageIndexOf(cursor) {
      if (cursor === undefined) return 0
      if (typeof cursor !== 'string') return undefined
      const [, offset, cursorTag] = CURSOR.exec(Buffer.from(cursor, 'base64url').toString()) ?? []
      if (offset === undefined || cursorTag !== tagOf()) return undefined
      const start = Number(offset)
      // Only the offsets this list issues: pages are made once each, so a client cannot make
      // the server keep one per entry.
      if (start % pageSize !== 0 || start === 0 || start >= items.length) return undefined
      return start / pageSize
    },
    page(index) {
      pages[index] ??= {
        items: items.slice(index * pageSize, (index + 1) * pageSize),
        ...(index + 1 < pageCount ? { nextCursor: cursorOf(index + 1) } : {}),
      }
      return pages[index]
    },
  }
}

/** The JSON-RPC message of an invalid cursor (answered with -32602, as MCP says). */
export function invalidCursorMessage(method: string): string {
  return `Invalid cursor for ${method}: this server did not issue it, or its list has changed since; list again without a cursor`
}
