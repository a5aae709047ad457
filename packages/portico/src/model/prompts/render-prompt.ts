import type { ErrorDetail } from '../../core/portico-error.js'
import type { PromptTemplateDefinition } from '../plugin-model.js'
import { invalidPromptArguments } from './invalid-prompt-arguments.js'
import { fillPlaceholders } from './template-placeholders.js'

/**
 * Fills a prompt's template with the caller's arguments, as `prompts/get` does. A missing
 * optional argument renders as the empty string; values are inserted verbatim, so a value
 * containing `{{x}}` stays literal. An escaped `\{{` renders as `{{`.
 *
 * Throws a `validation` `PorticoError` listing every missing required argument, undeclared
 * argument and non-string value, each with the JSON Pointer `/<argument>`.
 *
 * @example
 * renderPrompt(prompt, { topic: 'groceries' }) // 'Draft a note about groceries.'
 */
export function renderPrompt(
  prompt: PromptTemplateDefinition,
  args: Record<string, unknown> | undefined,
): string {
  const given = args ?? {}
  const declared = new Set(prompt.arguments.map((argument) => argument.name))
  const details: ErrorDetail[] = []
  const values = new Map<string, string>()
  for (const name of Object.keys(given)) {
    if (declared.has(name)) continue
    const accepted = [...declared].join(', ') || 'none'
    details.push(detail(name, `unknown argument "${name}" (accepted: ${accepted})`))
  }
  for (const { name, required } of prompt.arguments) {
    const value = Object.hasOwn(given, name) ? given[name] : undefined
    if (typeof value === 'string') values.set(name, value)
    else if (value !== undefined) details.push(detail(name, `argument "${name}" must be a string`))
    else if (required) details.push(detail(name, `argument "${name}" is required`))
    else values.set(name, '')
  }
  if (details.length > 0) throw invalidPromptArguments(prompt.name, details)
  return fillPlaceholders(prompt.template, values)
}

function detail(name: string, message: string): ErrorDetail {
  return { path: `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, message }
}
