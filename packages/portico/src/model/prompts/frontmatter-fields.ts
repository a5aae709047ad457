import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { FrontmatterPath, ParsedFrontmatter } from './parse-frontmatter.js'

/** Throws {@link PluginDefinitionError} at the line of `path` in the frontmatter. */
export type FrontmatterFail = (path: FrontmatterPath, message: string) => never

/** A check of one frontmatter value, with what the value must be when the check fails. */
export interface FieldRule {
  /** Completes `"<key>" must be …`, e.g. `a string`. */
  expected: string
  accepts(value: unknown): boolean
}

/** A {@link FrontmatterFail} that reports in `file`, at the lines `parsed` knows. */
export function createFrontmatterFail(parsed: ParsedFrontmatter, file: string): FrontmatterFail {
  return (path, message) => {
    throw new PluginDefinitionError({ file, line: parsed.lineOf(path) }, message)
  }
}

/** `value` when it is a YAML mapping (a plain object), else undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** Fails at the first key of `record` not in `allowed`, with `describe(key)` and the allowed list. */
export function checkKeys(
  record: Record<string, unknown>,
  allowed: readonly string[],
  path: FrontmatterPath,
  describe: (key: string) => string,
  fail: FrontmatterFail,
): void {
  const unknown = Object.keys(record).find((key) => !allowed.includes(key))
  if (unknown !== undefined) {
    fail([...path, unknown], `${describe(unknown)}; allowed: ${allowed.join(', ')}`)
  }
}

/** Fails at the first key of `record` whose value its rule rejects: `"<key>" must be …`. */
export function checkFieldRules(
  record: Record<string, unknown>,
  rules: Readonly<Record<string, FieldRule>>,
  fail: FrontmatterFail,
): void {
  for (const [key, value] of Object.entries(record)) {
    const rule = rules[key]
    if (rule && !rule.accepts(value)) fail([key], `"${key}" must be ${rule.expected}`)
  }
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isStringList = (value: unknown): boolean => Array.isArray(value) && value.every(isString)

/** The value rules shared by the markdown files of a plugin (skills, agents). */
export const fieldRules = {
  string: { expected: 'a string', accepts: isString },
  boolean: { expected: 'true or false', accepts: (value) => typeof value === 'boolean' },
  positiveInteger: {
    expected: 'a positive integer',
    accepts: (value) => Number.isSafeInteger(value) && (value as number) > 0,
  },
  stringList: { expected: 'a list of strings', accepts: isStringList },
  stringOrList: {
    expected: 'a string or a list of strings',
    accepts: (value) => isString(value) || isStringList(value),
  },
  /** Any value: keys whose shape the client checks, not Portico. */
  anything: { expected: 'anything', accepts: () => true },
} satisfies Record<string, FieldRule>

/** A rule accepting exactly one of `values`. */
export function oneOf(values: readonly string[]): FieldRule {
  return {
    expected: `one of ${values.join(', ')}`,
    accepts: (value) => isString(value) && values.includes(value),
  }
}
