import { argumentNamePattern, promptNamePattern } from '../../config/prompt-patterns.js'
import {
  type DefinitionLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'
import type { PromptTemplateDefinition } from '../plugin-model.js'
import { listPlaceholders } from './template-placeholders.js'

/** The part of a prompt a problem sits in, for the caller to turn into a file and line or key. */
export type PromptSite =
  | { part: 'name' }
  | { part: 'argument'; index: number }
  | { part: 'template'; lineOffset: number }

/**
 * Checks the rules every prompt follows, wherever it was written: a valid name, valid and
 * distinct argument names with distinct suggested values, a non-empty template whose placeholders
 * all name a declared argument.
 * Throws {@link PluginDefinitionError} at `locate(site)`.
 */
export function checkPrompt(
  prompt: Omit<PromptTemplateDefinition, 'source'>,
  locate: (site: PromptSite) => DefinitionLocation,
): void {
  const fail = (site: PromptSite, message: string): never => {
    throw new PluginDefinitionError(locate(site), message)
  }
  if (!promptNamePattern.test(prompt.name)) {
    fail({ part: 'name' }, `prompt name "${prompt.name}" must match ${promptNamePattern.source}`)
  }
  const seen = new Set<string>()
  prompt.arguments.forEach(({ name, values = [] }, index) => {
    if (!argumentNamePattern.test(name)) {
      fail(
        { part: 'argument', index },
        `argument name "${name}" must match ${argumentNamePattern.source}`,
      )
    }
    if (seen.has(name)) fail({ part: 'argument', index }, `argument "${name}" is declared twice`)
    const repeated = values.find((value, at) => values.indexOf(value) !== at)
    if (repeated !== undefined) {
      fail({ part: 'argument', index }, `argument "${name}" lists the value "${repeated}" twice`)
    }
    seen.add(name)
  })
  if (prompt.template.trim() === '') {
    fail({ part: 'template', lineOffset: 0 }, 'the prompt text is empty')
  }
  const undeclared = listPlaceholders(prompt.template).find(({ name }) => !seen.has(name))
  if (undeclared) {
    const declared = [...seen].join(', ') || 'none'
    fail(
      { part: 'template', lineOffset: undeclared.lineOffset },
      `{{${undeclared.name}}} names no declared argument (declared: ${declared}); write \\{{ for a literal {{`,
    )
  }
}
