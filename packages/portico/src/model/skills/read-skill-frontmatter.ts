import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import {
  asRecord,
  checkFieldRules,
  type FieldRule,
  type FrontmatterFail,
  fieldRules,
  oneOf,
} from '../prompts/frontmatter-fields.js'
import { readFrontmatterMapping } from '../prompts/read-frontmatter-mapping.js'

/** A skill's name: ASCII lowercase letters and digits in groups joined by single hyphens. */
const skillNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Words that claude.ai and the Claude API refuse in a skill name. */
const reservedWords = ['anthropic', 'claude']

/** The Agent Skills specification's keys, then those Claude Code adds for plugin skills. */
const rules: Readonly<Record<string, FieldRule>> = {
  name: fieldRules.string,
  description: fieldRules.string,
  license: fieldRules.string,
  compatibility: fieldRules.string,
  metadata: fieldRules.anything,
  'allowed-tools': fieldRules.stringOrList,
  when_to_use: fieldRules.string,
  'argument-hint': fieldRules.string,
  arguments: fieldRules.stringOrList,
  // Claude Code also reads yes/no/on/off/1/0 here, which YAML does not make booleans.
  'disable-model-invocation': fieldRules.anything,
  'user-invocable': fieldRules.anything,
  'disallowed-tools': fieldRules.stringOrList,
  model: fieldRules.string,
  effort: oneOf(['low', 'medium', 'high', 'xhigh', 'max']),
  context: fieldRules.string,
  agent: fieldRules.string,
  background: fieldRules.anything,
  hooks: fieldRules.anything,
  paths: fieldRules.stringOrList,
  shell: oneOf(['bash', 'powershell']),
}
const keys = Object.keys(rules)

/**
 * Reads and checks the frontmatter of `skills/<folder>/SKILL.md` (`file`): the safe
 * intersection of the Agent Skills validators (reference 06 §2.2) plus Claude Code's own keys.
 * Throws {@link PluginDefinitionError} at the offending line.
 */
export function readSkillFrontmatter(
  text: string,
  file: string,
  folder: string,
): { name: string; description: string; frontmatter: Record<string, unknown> } {
  const { record, fail } = readFrontmatterMapping(text, file, keys)
  const missing = (key: string, hint: string): never => {
    throw new PluginDefinitionError({ file, line: 1 }, `"${key}" is required; ${hint}`)
  }
  if (record.name === undefined) missing('name', `set it to the folder name, "${folder}"`)
  if (record.description === undefined) {
    missing('description', 'say what the skill does and when to use it')
  }
  checkFieldRules(record, rules, fail)
  const name = record.name as string
  const description = record.description as string
  if (!skillNamePattern.test(name)) {
    fail(['name'], `name "${name}" must match ${skillNamePattern.source}`)
  }
  if (name.length > 64) fail(['name'], `name "${name}" is longer than 64 characters`)
  const reserved = reservedWords.find((word) => name.includes(word))
  if (reserved) fail(['name'], `name "${name}" must not contain the reserved word "${reserved}"`)
  if (name !== folder) fail(['name'], `name "${name}" must equal the folder name, "${folder}"`)
  checkLength(record, 'description', 1024, fail)
  if (/[<>]/.test(description)) fail(['description'], '"description" must not contain < or >')
  checkLength(record, 'compatibility', 500, fail)
  checkMetadata(record.metadata, fail)
  return { name, description, frontmatter: record }
}

function checkLength(
  record: Record<string, unknown>,
  key: string,
  max: number,
  fail: FrontmatterFail,
): void {
  const value = record[key]
  if (typeof value !== 'string') return
  // Characters as the Python validators count them: code points, not UTF-16 units.
  const length = [...value].length
  if (length < 1 || length > max) {
    fail([key], `"${key}" must be 1 to ${max} characters long (it has ${length})`)
  }
}

function checkMetadata(metadata: unknown, fail: FrontmatterFail): void {
  if (metadata === undefined) return
  const record =
    asRecord(metadata) ?? fail(['metadata'], '"metadata" must be a mapping of strings to strings')
  for (const [key, value] of Object.entries(record)) {
    if (typeof value !== 'string') {
      fail(['metadata', key], `metadata "${key}" must be a string; quote numbers and booleans`)
    }
  }
}
