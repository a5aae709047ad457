/**
 * The path of an absolute URL, without query or fragment, as written (no dot-segment or
 * percent-decoding: routes match exact paths). Cheaper than `new URL()` on every request.
 */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.search(/[?#]/)
  return end === -1 ? url.slice(start) : url.slice(start, end)
}

/** The query string of an absolute URL, `?…`, or an empty string. */
export function searchOf(url: string): string {
  const start = url.indexOf('?')
  if (start === -1) return ''
  const end = url.indexOf('#', start)
  return end === -1 ? url.slice(start) : url.slice(start, end)
}

/**
 * The path of a request target as `node:http` gives it (`/api/Calc/add?x=1` → `/api/Calc/add`),
 * as written: the routes, the edges and the guards in front of them all cut it here.
 */
export function targetPathOf(target: string): string {
  const query = target.indexOf('?')
  return query === -1 ? target : target.slice(0, query)
}

/** The query of a request target, `?…`, or an empty string. */
export function targetSearchOf(target: string): string {
  const query = target.indexOf('?')
  return query === -1 ? '' : target.slice(query)
}
