/** Long enough to read a thrown object, short enough that a huge one cannot flood the log. */
const MAX_DESCRIPTION_LENGTH = 500

/**
 * Whatever a plugin threw, as words: an Error's message, a string as it is, anything else as
 * JSON (a repeated object as `"[Circular]"`, a BigInt as `10n`) or, when JSON has no form for it,
 * its `String()`, cut to 500 characters. `String(value)` alone throws on an object without a
 * prototype, and reads `[object Object]` for every other object.
 */
export function describeThrown(value: unknown): string {
  if (value instanceof Error) return value.message
  if (typeof value === 'string') return value
  let description: string
  try {
    description = JSON.stringify(value, jsonSafe()) ?? String(value)
  } catch {
    description = Object.prototype.toString.call(value)
  }
  return description.length > MAX_DESCRIPTION_LENGTH
    ? `${description.slice(0, MAX_DESCRIPTION_LENGTH)}…`
    : description
}

/** A JSON replacer that writes each object once and a BigInt as its literal. */
function jsonSafe(): (key: string, value: unknown) => unknown {
  const seen = new WeakSet<object>()
  return (_key, value) => {
    if (typeof value === 'bigint') return `${value}n`
    if (typeof value !== 'object' || value === null) return value
    if (seen.has(value)) return '[Circular]'
    seen.add(value)
    return value
  }
}
