import type { DatePath } from './classify-date-paths.js'
import { type DateTimeCheck, loadDateTimeCheck } from './load-ajv.js'

let isDateTime: DateTimeCheck | undefined

/**
 * Turns the date-time strings at the given paths into `Date` objects, in place. Paths come from
 * the tool's `inputDatePaths` ({@link DatePath}); the input has been validated, so a string at
 * a path of a plain `Date` parses. Where the type also takes other strings (`Date | string`),
 * only a valid RFC 3339 date-time becomes a Date, as ajv-formats' `date-time` decides; any
 * other string stays as it is.
 */
export function reviveDates(input: unknown, paths: readonly DatePath[]): void {
  for (const path of paths) reviveAt(input, path, 0)
}

function reviveAt(node: unknown, path: DatePath, index: number): void {
  if (typeof node !== 'object' || node === null) return
  const { segments } = path
  const segment = segments[index]
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
  const last = index === segments.length - 1
  for (const key of keys) {
    const child = record[key]
    if (last) {
      if (typeof child === 'string' && (!path.shared || checkDateTime(child))) {
        record[key] = new Date(child)
      }
    } else {
      reviveAt(child, path, index + 1)
    }
  }
}

function checkDateTime(value: string): boolean {
  isDateTime ??= loadDateTimeCheck()
  return isDateTime(value)
}
