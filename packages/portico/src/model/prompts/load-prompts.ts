/**
 * Prompt templates, from `prompts/*.md` and from the config's `prompts` key, joined with the
 * prompt methods (`@prompt`) the tools derive.
 *
 * A prompt file is optional YAML frontmatter between `---` lines at the very start, then the
 * template:
 *
 * ```md
 * ---
 * title: Draft a note
 * description: Writes a first draft and saves it.
 * arguments:
 *   - { name: topic, description: What the note is about, required: true }
 * ---
 * Draft a short note about {{ topic }}, then save it with Notes_create.
 * ```
 *
 * Frontmatter keys: `name` (default: the file name without `.md`), `title`, `description`,
 * `arguments` (each `{ name, description?, required? }`, `required` defaulting to false). Any
 * other key is an error. The template is the body without its leading blank lines and trailing
 * whitespace, with `\n` line ends. `{{name}}` or `{{ name }}` is replaced by the argument's
 * value; each must name a declared argument. `\{{` stands for a literal `{{`.
 *
 * A config prompt's `source` is `{ file: 'portico.config.ts', line: 1 }`, since a loaded config
 * keeps no line numbers; its errors name the key (`prompts.0.template`) instead.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { PromptConfig } from '../../config/config-types.js'
import { formatLocation, PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { PromptDefinition, PromptMethodDefinition } from '../plugin-model.js'
import { readConfigPrompt } from './read-config-prompt.js'
import { type LocatedPrompt, readPromptFile } from './read-prompt-file.js'

/** The folder of prompt files inside a plugin. */
const promptsFolderName = 'prompts'

/**
 * Reads `prompts/*.md` (not recursive) and the config's prompts, adds the prompt methods, and
 * sorts them all by name. Throws {@link PluginDefinitionError} at the first mistake, naming its
 * file and line (or config key), including a name used twice across files, config and methods.
 */
export async function loadPrompts(
  rootDir: string,
  configPrompts: PromptConfig[],
  methodPrompts: readonly PromptMethodDefinition[] = [],
): Promise<PromptDefinition[]> {
  const located: LocatedPrompt[] = []
  for (const file of findPromptFiles(rootDir)) located.push(await readPromptFile(rootDir, file))
  located.push(...configPrompts.map(readConfigPrompt))
  located.push(...methodPrompts.map((prompt) => ({ prompt, nameLocation: prompt.source })))
  const seen = new Map<string, LocatedPrompt>()
  for (const entry of located) {
    const earlier = seen.get(entry.prompt.name)
    if (earlier) {
      throw new PluginDefinitionError(
        entry.nameLocation,
        `duplicate prompt name "${entry.prompt.name}"; also defined at ${formatLocation(earlier.nameLocation)}`,
      )
    }
    seen.set(entry.prompt.name, entry)
  }
  return located
    .map((entry) => entry.prompt)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** `prompts/<name>.md` paths relative to `rootDir`, sorted. */
function findPromptFiles(rootDir: string): string[] {
  const folder = join(rootDir, promptsFolderName)
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `${promptsFolderName}/${entry.name}`)
    .sort()
}
