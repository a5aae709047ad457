import { PluginDefinitionError } from '../../core/plugin-definition-error.js'

/** A markdown file cut into its YAML frontmatter and its body. */
export interface FrontmatterParts {
  /** The YAML between the `---` lines; undefined when the file has no frontmatter. */
  yaml?: string
  /** 1-based line of the first YAML line in the file. */
  yamlLine: number
  /** The body, without its leading blank lines and trailing whitespace; line ends are `\n`. */
  body: string
  /** 1-based line of the body's first line in the file. */
  bodyLine: number
}

const delimiter = '---'

/**
 * Cuts `text` into frontmatter and body. The frontmatter is optional, but when the first line is
 * `---` a closing `---` line must follow. Throws {@link PluginDefinitionError} naming `file`.
 */
export function splitFrontmatter(text: string, file: string): FrontmatterParts {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trimEnd() !== delimiter) return trimBody(lines, 0, { yamlLine: 1 })
  const closing = lines.findIndex((line, index) => index > 0 && line.trimEnd() === delimiter)
  if (closing === -1) {
    throw new PluginDefinitionError(
      { file, line: 1 },
      'the frontmatter opened here has no closing "---" line',
    )
  }
  return trimBody(lines, closing + 1, { yaml: lines.slice(1, closing).join('\n'), yamlLine: 2 })
}

function trimBody(
  lines: string[],
  start: number,
  frontmatter: Pick<FrontmatterParts, 'yaml' | 'yamlLine'>,
): FrontmatterParts {
  let first = start
  while (first < lines.length && lines[first]?.trim() === '') first++
  const body = lines.slice(first).join('\n').trimEnd()
  // An empty body is reported on the line after the frontmatter, not past the end of the file.
  return { ...frontmatter, body, bodyLine: body === '' ? start + 1 : first + 1 }
}
