import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import {
  asRecord,
  checkKeys,
  createFrontmatterFail,
  type FrontmatterFail,
} from './frontmatter-fields.js'
import { type ParsedFrontmatter, parseFrontmatter } from './parse-frontmatter.js'
import { type FrontmatterParts, splitFrontmatter } from './split-frontmatter.js'

/** A markdown file whose frontmatter is a mapping of known keys. */
export interface FrontmatterMapping {
  parts: FrontmatterParts
  parsed: ParsedFrontmatter
  /** The frontmatter as plain data, every key in the allowed list. */
  record: Record<string, unknown>
  /** Reports a problem at the line of a frontmatter path. */
  fail: FrontmatterFail
}

/**
 * Reads the markdown `text` of `file`, whose frontmatter is required and may hold only `keys`.
 * Throws {@link PluginDefinitionError} when the frontmatter is missing, is not a mapping, is not
 * valid YAML or has another key (`describeUnknown(key)`, then the allowed keys).
 */
export function readFrontmatterMapping(
  text: string,
  file: string,
  keys: readonly string[],
  describeUnknown: (key: string) => string = (key) => `unknown frontmatter key "${key}"`,
): FrontmatterMapping {
  const parts = splitFrontmatter(text, file)
  if (parts.yaml === undefined) {
    throw new PluginDefinitionError(
      { file, line: 1 },
      `the file must start with YAML frontmatter between "---" lines (keys: ${keys.join(', ')})`,
    )
  }
  const parsed = parseFrontmatter(parts.yaml, file, parts.yamlLine)
  const fail = createFrontmatterFail(parsed, file)
  const record =
    asRecord(parsed.data) ?? fail([], `the frontmatter must be a mapping of ${keys.join(', ')}`)
  checkKeys(record, keys, [], describeUnknown, fail)
  return { parts, parsed, record, fail }
}
