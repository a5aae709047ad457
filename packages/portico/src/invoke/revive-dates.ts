/**
 * Turns the date-time strings at the given paths into `Date` objects, in place. Paths come from
 * the tool's `inputDatePaths`; the input has been validated, so every string there parses.
 */
export function reviveDates(input: unknown, paths: readonly (readonly string[])[]): void {
  for (const path of paths) reviveAt(input, path, 0)
}

function reviveAt(node: unknown, path: readonly string[], index: number): void {
  if (typeof node !== 'object' || node === null) return
  const segment = path[index]
  if (segment === undefined) return
  const record = node as Record<string, unknown>
  const keys =
    segment === '*'
      ? Array.isArray(node)
        ? node.keys()
        : []
      : segment === '{}'
        ? Object.keys(record)
        : [segment]
  const last = index === path.length - 1
  for (const key of keys) {
    const child = record[key]
    if (last) {
      if (typeof child === 'string') record[key] = new Date(child)
    } else {
      reviveAt(child, path, index + 1)
    }
  }
}
