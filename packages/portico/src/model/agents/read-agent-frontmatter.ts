import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import {
  checkFieldRules,
  type FieldRule,
  fieldRules,
  oneOf,
} from '../prompts/frontmatter-fields.js'
import {
  type FrontmatterMapping,
  readFrontmatterMapping,
} from '../prompts/read-frontmatter-mapping.js'

/** An agent's name: lowercase letters and digits in groups joined by single hyphens (no `:`). */
const agentNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** The keys Claude Code reads from a plugin agent (reference 07 §2), plus `color`. */
const rules: Readonly<Record<string, FieldRule>> = {
  name: fieldRules.string,
  description: fieldRules.string,
  model: fieldRules.string,
  effort: oneOf(['low', 'medium', 'high', 'xhigh', 'max']),
  maxTurns: fieldRules.positiveInteger,
  tools: fieldRules.stringOrList,
  disallowedTools: fieldRules.stringOrList,
  skills: fieldRules.stringList,
  memory: oneOf(['user', 'project', 'local']),
  background: fieldRules.boolean,
  isolation: oneOf(['worktree']),
  color: oneOf(['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan']),
}
const keys = Object.keys(rules)

/** Keys of a project agent that Claude Code ignores in a plugin agent. */
const ignoredInPlugins = ['permissionMode', 'mcpServers', 'hooks']

/** A checked agent file: name, description and the parts of the markdown. */
export interface AgentFrontmatter extends FrontmatterMapping {
  name: string
  description: string
}

/**
 * Reads and checks the frontmatter of `agents/<fileName>.md` (`file`). Throws
 * {@link PluginDefinitionError} at the offending line, listing what is allowed.
 */
export function readAgentFrontmatter(
  text: string,
  file: string,
  fileName: string,
): AgentFrontmatter {
  const mapping = readFrontmatterMapping(text, file, keys, (key) =>
    ignoredInPlugins.includes(key)
      ? `"${key}" is ignored by Claude Code in plugin agents`
      : `unknown frontmatter key "${key}"`,
  )
  const { record, fail } = mapping
  if (record.name === undefined) {
    throw new PluginDefinitionError(
      { file, line: 1 },
      `"name" is required; set it to the file name, "${fileName}"`,
    )
  }
  if (record.description === undefined) {
    throw new PluginDefinitionError(
      { file, line: 1 },
      '"description" is required; say when Claude should hand work to this agent',
    )
  }
  checkFieldRules(record, rules, fail)
  const name = record.name as string
  const description = record.description as string
  if (!agentNamePattern.test(name)) {
    fail(['name'], `name "${name}" must match ${agentNamePattern.source}`)
  }
  if (name !== fileName) fail(['name'], `name "${name}" must equal the file name, "${fileName}"`)
  if (description.trim() === '') fail(['description'], '"description" must not be empty')
  return { ...mapping, name, description }
}
