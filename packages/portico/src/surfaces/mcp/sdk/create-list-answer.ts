import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import { invalidCursorMessage, type PagedList } from '../catalog/paginate-list.js'

/** A list result: its entries under `key`, and the cursor of the next page unless last. */
export type ListResult<K extends string, T> = Record<K, T[]> & { nextCursor?: string }

/** An SDK handler of a list method, from {@link createListAnswer}. */
export type ListAnswer<K extends string, T> = (request: {
  params?: { cursor?: string | undefined } | undefined
}) => ListResult<K, T>

/**
 * The SDK handler of one list method: the page the request's cursor names, each result made
 * once (a list of one page answers the same object to every request, as it always did), and
 * -32602 for a cursor the list did not issue (MCP, Pagination: "Invalid cursor").
 */
export function createListAnswer<K extends string, T>(
  pages: PagedList<T>,
  method: string,
  key: K,
): ListAnswer<K, T> {
  const results: ListResult<K, T>[] = []
  return ({ params }) => {
    const index = pages.pageIndexOf(params?.cursor)
    if (index === undefined) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, invalidCursorMessage(method))
    }
    results[index] ??= resultOf(pages, index, key)
    return results[index]
  }
}

function resultOf<K extends string, T>(
  pages: PagedList<T>,
  index: number,
  key: K,
): ListResult<K, T> {
  const { items, nextCursor } = pages.page(index)
  return {
    [key]: items,
    ...(nextCursor === undefined ? {} : { nextCursor }),
  } as ListResult<K, T>
}
