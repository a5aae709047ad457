/**
 * Renders a document once per origin and keeps the text. The Host header is the client's to
 * choose, so the cache holds only a few origins and starts over when they run out.
 */
export function memoizeByOrigin(
  render: (origin: string) => unknown,
  capacity = 8,
): (origin: string) => string {
  const cache = new Map<string, string>()
  return (origin) => {
    let text = cache.get(origin)
    if (text === undefined) {
      if (cache.size >= capacity) cache.clear()
      text = JSON.stringify(render(origin))
      cache.set(origin, text)
    }
    return text
  }
}
