import type { PromptArgumentDefinition } from '../plugin-model.js'
import {
  asRecord,
  checkKeys,
  createFrontmatterFail,
  type FrontmatterFail,
} from './frontmatter-fields.js'
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
const argumentKeys = ['name', 'description', 'required', 'values']

/**
 * Checks the shape of a prompt's frontmatter: only known keys, strings where text is expected,
 * a boolean `required`. Throws {@link PluginDefinitionError} at the line of the offending key.
 */
export function readPromptFrontmatter(parsed: ParsedFrontmatter, file: string): PromptFrontmatter {
  const fail = createFrontmatterFail(parsed, file)
  const top =
    asRecord(parsed.data) ??
    fail([], `the frontmatter must be a mapping of ${promptKeys.join(', ')}`)
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
    return fail(
      ['arguments'],
      '"arguments" must be a list of { name, description?, required?, values? }',
    )
  }
  frontmatter.arguments = list.map((item, index) => readArgument(item, ['arguments', index], fail))
  return frontmatter
}

function readArgument(
  item: unknown,
  path: FrontmatterPath,
  fail: FrontmatterFail,
): PromptArgumentDefinition {
  const where = `arguments[${String(path[1])}]`
  const record =
    asRecord(item) ?? fail(path, `${where} must be a mapping of ${argumentKeys.join(', ')}`)
  checkKeys(record, argumentKeys, path, (key) => `unknown key "${key}" in ${where}`, fail)
  const { name, description, required, values } = record
  if (name === undefined) return fail(path, `${where} needs a name`)
  if (typeof name !== 'string') return fail([...path, 'name'], `${where}.name must be a string`)
  if (description !== undefined && typeof description !== 'string') {
    return fail([...path, 'description'], `${where}.description must be a string`)
  }
  if (required !== undefined && typeof required !== 'boolean') {
    return fail([...path, 'required'], `${where}.required must be true or false`)
  }
  if (
    values !== undefined &&
    !(Array.isArray(values) && values.every((value) => typeof value === 'string'))
  ) {
    return fail([...path, 'values'], `${where}.values must be a list of strings`)
  }
  return {
    name,
    ...(description === undefined ? {} : { description }),
    required: required ?? false,
    ...(values === undefined ? {} : { values }),
  }
}
