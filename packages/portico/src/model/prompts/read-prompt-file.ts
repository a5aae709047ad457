import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promptNamePattern } from '../../config/prompt-patterns.js'
import {
  type DefinitionLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'
import type { PromptDefinition, PromptTemplateDefinition } from '../plugin-model.js'
import { checkPrompt } from './check-prompt.js'
import { type ParsedFrontmatter, parseFrontmatter } from './parse-frontmatter.js'
import { readPromptFrontmatter } from './read-prompt-frontmatter.js'
import { splitFrontmatter } from './split-frontmatter.js'

/** A prompt read from somewhere, with where its name is written (to report duplicates). */
export interface LocatedPrompt {
  prompt: PromptDefinition
  nameLocation: DefinitionLocation
}

/**
 * Reads one prompt file, `file` being relative to `rootDir` (`prompts/x.md`). The name defaults
 * to the file name without `.md`. Throws {@link PluginDefinitionError} at the offending line.
 */
export async function readPromptFile(rootDir: string, file: string): Promise<LocatedPrompt> {
  const parts = splitFrontmatter(await readFile(join(rootDir, file), 'utf8'), file)
  const parsed: ParsedFrontmatter =
    parts.yaml === undefined
      ? { data: {}, lineOf: () => 1 }
      : parseFrontmatter(parts.yaml, file, parts.yamlLine)
  const frontmatter = readPromptFrontmatter(parsed, file)
  const name = frontmatter.name ?? file.replace(/^.*\//, '').replace(/\.md$/, '')
  if (frontmatter.name === undefined && !promptNamePattern.test(name)) {
    throw new PluginDefinitionError(
      { file, line: 1 },
      `the file name gives the prompt name "${name}", which must match ${promptNamePattern.source}; rename the file or set "name" in the frontmatter`,
    )
  }
  const prompt: PromptTemplateDefinition = {
    name,
    ...(frontmatter.title === undefined ? {} : { title: frontmatter.title }),
    ...(frontmatter.description === undefined ? {} : { description: frontmatter.description }),
    arguments: frontmatter.arguments,
    template: parts.body,
    source: { file, line: 1 },
  }
  const nameLine = frontmatter.name === undefined ? 1 : parsed.lineOf(['name'])
  checkPrompt(prompt, (site) => {
    if (site.part === 'name') return { file, line: nameLine }
    if (site.part === 'argument') {
      return { file, line: parsed.lineOf(['arguments', site.index, 'name']) }
    }
    return { file, line: parts.bodyLine + site.lineOffset }
  })
  return { prompt, nameLocation: { file, line: nameLine } }
}
