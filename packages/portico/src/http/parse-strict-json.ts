/** Keys no JSON body may hold: on a plain object they reach or replace a prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Why {@link parseStrictJson} refused a text that is valid JSON. */
export class UnsafeJsonError extends Error {}

/**
 * `JSON.parse`, refusing what a tool's input must not hold whatever its schema (an input typed
 * `unknown` is not checked further): a `__proto__`, `constructor` or `prototype` key at any
 * depth (as Fastify's `secure-json-parse` does, for code that merges or walks the input), and a
 * number too large for a double (`1e999` parses to `Infinity`, which JSON cannot say back).
 * Throws `SyntaxError` for invalid JSON and {@link UnsafeJsonError} for these. The value is
 * walked once after parsing: a reviver would make every parse about four times slower, the walk
 * adds about a tenth. The caller bounds the nesting first (`exceedsJsonDepth`).
 */
export function parseStrictJson(text: string): unknown {
  const value: unknown = JSON.parse(text)
  checkValue(value)
  return value
}

function refuseUnsafe(value: object): void {
  if (Array.isArray(value)) {
    for (const item of value) checkValue(item)
    return
  }
  for (const key in value) {
    if (FORBIDDEN_KEYS.has(key)) {
      throw new UnsafeJsonError(`it has a "${key}" key, which no input may have`)
    }
    checkValue((value as Record<string, unknown>)[key])
  }
}

function checkValue(value: unknown): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new UnsafeJsonError('it has a number too large for a double (past 1.8e308)')
    }
  } else if (typeof value === 'object' && value !== null) refuseUnsafe(value)
}
