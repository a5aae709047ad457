/**
 * Renders something once per origin and keeps it. The Host header is the client's to choose,
 * so the cache holds only a few origins and starts over when they run out.
 */
export function memoizeByOrigin<T>(
  render: (origin: string) => T,
  capacity = 8,
): (origin: string) => T {
  const cache = new Map<string, T>()
  return (origin) => {
    let value = cache.get(origin)
    if (value === undefined) {
      if (cache.size >= capacity) cache.clear()
      value = render(origin)
      cache.set(origin, value)
    }
    return value
  }
}
