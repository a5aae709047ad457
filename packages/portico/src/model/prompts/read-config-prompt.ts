import type { PromptConfig } from '../../config/config-types.js'
import { configFileName } from '../../config/load-config.js'
import type { PromptTemplateDefinition } from '../plugin-model.js'
import { checkPrompt } from './check-prompt.js'
import type { LocatedPrompt } from './read-prompt-file.js'

/**
 * Turns the config's `prompts[index]` into a prompt definition. The template is taken as written.
 * Its source is `portico.config.ts` line 1, since a loaded config keeps no line numbers; errors
 * name the key instead (`prompts.0.template`).
 */
export function readConfigPrompt(config: PromptConfig, index: number): LocatedPrompt {
  const key = `prompts.${index}`
  const prompt: PromptTemplateDefinition = {
    name: config.name,
    ...(config.title === undefined ? {} : { title: config.title }),
    ...(config.description === undefined ? {} : { description: config.description }),
    arguments: (config.arguments ?? []).map((argument) => ({
      name: argument.name,
      ...(argument.description === undefined ? {} : { description: argument.description }),
      required: argument.required ?? false,
      ...(argument.values === undefined ? {} : { values: argument.values }),
    })),
    template: config.template,
    source: { file: configFileName, line: 1 },
  }
  checkPrompt(prompt, (site) => {
    if (site.part === 'name') return { file: configFileName, key: `${key}.name` }
    if (site.part === 'argument') {
      return { file: configFileName, key: `${key}.arguments.${site.index}.name` }
    }
    return { file: configFileName, key: `${key}.template` }
  })
  return { prompt, nameLocation: { file: configFileName, key: `${key}.name` } }
}
