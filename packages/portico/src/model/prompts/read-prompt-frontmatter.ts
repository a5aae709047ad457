import { PluginDefinitionError } from '../../errors/plugin-definition-error.js'
import type { PromptArgumentDefinition } from '../plugin-model.js'
import type { FrontmatterPath, ParsedFrontmatter } from './parse-frontmatter.js'

/** The frontmatter of a prompt file, checked for keys and types. */
export interface PromptFrontmatter {
  name?: string
  title?: string
  description?: string
  /** Declared arguments, `required` defaulting to false. */
  arguments: PromptArgumentDefinition[]
}

const promptKeys = ['name', 'title', 'description', 'arguments']
const argumentKeys = ['name', 'description', 'required']

/**
 * Checks the shape of a prompt's frontmatter: only known keys, strings where text is expected,
 * a boolean `required`. Throws {@link PluginDefinitionError} at the line of the offending key.
 */
export function readPromptFrontmatter(
  { data, lineOf }: ParsedFrontmatter,
  file: string,
): PromptFrontmatter {
  const fail: Fail = (path, message) => {
    throw new PluginDefinitionError({ file, line: lineOf(path) }, message)
  }
  const top =
    asRecord(data) ?? fail([], `the frontmatter must be a mapping of ${promptKeys.join(', ')}`)
  checkKeys(top, promptKeys, [], (key) => `unknown frontmatter key "${key}"`, fail)
  const frontmatter: PromptFrontmatter = { arguments: [] }
  for (const key of ['name', 'title', 'description'] as const) {
    const value = top[key]
    if (value === undefined) continue
    if (typeof value !== 'string') return fail([key], `"${key}" must be a string`)
    frontmatter[key] = value
  }
  const list: unknown = top.arguments === undefined ? [] : top.arguments
  if (!Array.isArray(list)) {
    return fail(['arguments'], '"arguments" must be a list of { name, description?, required? }')
  }
  frontmatter.arguments = list.map((item, index) => readArgument(item, ['arguments', index], fail))
  return frontmatter
}

type Fail = (path: FrontmatterPath, message: string) => never

function readArgument(item: unknown, path: FrontmatterPath, fail: Fail): PromptArgumentDefinition {
  const where = `arguments[${String(path[1])}]`
  const record =
    asRecord(item) ?? fail(path, `${where} must be a mapping of ${argumentKeys.join(', ')}`)
  checkKeys(record, argumentKeys, path, (key) => `unknown key "${key}" in ${where}`, fail)
  const { name, description, required } = record
  if (name === undefined) return fail(path, `${where} needs a name`)
  if (typeof name !== 'string') return fail([...path, 'name'], `${where}.name must be a string`)
  if (description !== undefined && typeof description !== 'string') {
    return fail([...path, 'description'], `${where}.description must be a string`)
  }
  if (required !== undefined && typeof required !== 'boolean') {
    return fail([...path, 'required'], `${where}.required must be true or false`)
  }
  return {
    name,
    ...(description === undefined ? {} : { description }),
    required: required ?? false,
  }
}

function checkKeys(
  record: Record<string, unknown>,
  allowed: string[],
  path: FrontmatterPath,
  describe: (key: string) => string,
  fail: Fail,
): void {
  const unknown = Object.keys(record).find((key) => !allowed.includes(key))
  if (unknown !== undefined) {
    fail([...path, unknown], `${describe(unknown)}; allowed: ${allowed.join(', ')}`)
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
