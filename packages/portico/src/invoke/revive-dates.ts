import { type DateTimeCheck, loadDateTimeCheck } from './load-ajv.js'
import type { DatePlan } from './plan-date-revival.js'

let isDateTime: DateTimeCheck | undefined

/**
 * Turns the date-time strings where the plan says `Date` into `Date` objects, in place. The input
 * has been validated, so a string where the type is a plain `Date` parses. Where the type also
 * takes other strings (`Date | string`), only a valid RFC 3339 date-time becomes a Date, as
 * ajv-formats' `date-time` decides; any other string stays as it is.
 */
export function reviveDates(input: unknown, plan: DatePlan): void {
  if (typeof input !== 'object' || input === null) return
  for (const other of plan.also) reviveDates(input, other)
  const record = input as Record<string, unknown>
  for (const [segment, child] of plan.children) {
    const keys =
      segment === '*'
        ? Array.isArray(input)
          ? input.keys()
          : []
        : segment === '{}'
          ? Object.keys(record)
          : [segment]
    for (const key of keys) {
      const value = record[key]
      if (typeof value !== 'string') reviveDates(value, child)
      else if (child.date !== undefined && (!child.date.shared || checkDateTime(value))) {
        record[key] = new Date(value)
      }
    }
  }
}

function checkDateTime(value: string): boolean {
  isDateTime ??= loadDateTimeCheck()
  return isDateTime(value)
}
