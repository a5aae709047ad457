import type { PorticoCaller } from '../../core/plugin-context.js'
import { isPorticoError } from '../../core/portico-error.js'
import type { PorticoElicitRequest } from '../../core/tool-context.js'
import type { PromptDefinition } from '../../model/plugin-model.js'
import { renderPrompt } from '../../model/prompts/render-prompt.js'
import type { McpEra } from './adapt-sdk-answers.js'
import type {
  AnswerCapabilities,
  InputRequiredAnswer,
  InputResume,
  InputRounds,
} from './input-rounds.js'
import { invalidParams } from './mcp-call-error.js'

/** A rendered prompt, as `prompts/get` answers it. */
export interface PromptResult {
  description?: string
  messages: { role: 'user'; content: { type: 'text'; text: string } }[]
}

/** One `prompts/get` as the SDK's handler hands it over. */
export interface McpPromptRequest {
  era: McpEra
  args: Record<string, unknown> | undefined
  caller?: PorticoCaller
  resume: InputResume
  canAnswer: AnswerCapabilities
}

/** The key under which the missing arguments are asked. */
const ARGUMENTS_KEY = 'arguments'

/**
 * Renders a prompt. In 2026-07-28, when required arguments are missing and the client can
 * elicit, the prompt asks the user for them in one form (an input round, see `InputRounds`)
 * rather than failing. Rejects with an `McpCallError` (-32602) for arguments that stay invalid.
 */
export async function getPromptOverMcp(
  prompt: PromptDefinition,
  rounds: InputRounds,
  request: McpPromptRequest,
): Promise<PromptResult | { inputRequired: InputRequiredAnswer }> {
  const given = request.args ?? {}
  const missing = prompt.arguments.filter(
    (argument) => argument.required && given[argument.name] === undefined,
  )
  if (request.era === 'legacy' || missing.length === 0 || !request.canAnswer.elicitation) {
    return render(prompt, given)
  }
  const binding = `prompts/get\0${prompt.name}\0${JSON.stringify(given)}\0${request.caller?.uid ?? ''}`
  const form: PorticoElicitRequest = {
    message: `${prompt.title ?? prompt.name} needs ${missing.map((argument) => argument.name).join(', ')}`,
    requestedSchema: {
      type: 'object',
      properties: Object.fromEntries(
        missing.map((argument) => [
          argument.name,
          {
            type: 'string',
            ...(argument.description ? { description: argument.description } : {}),
          },
        ]),
      ),
      required: missing.map((argument) => argument.name),
    },
  }
  const outcome = await rounds.run(binding, request.resume, request.canAnswer, async (channel) => {
    const answer = await channel.elicit(form, { key: ARGUMENTS_KEY })
    return render(prompt, { ...given, ...acceptedStrings(answer) })
  })
  return 'complete' in outcome ? outcome.complete : outcome
}

function render(prompt: PromptDefinition, args: Record<string, unknown>): PromptResult {
  let text: string
  try {
    text = renderPrompt(prompt, args)
  } catch (error) {
    if (isPorticoError(error)) throw invalidParams(error.message)
    throw error
  }
  return {
    ...(prompt.description ? { description: prompt.description } : {}),
    messages: [{ role: 'user', content: { type: 'text', text } }],
  }
}

/** The string values of an accepted elicitation; nothing for a refusal or another shape. */
function acceptedStrings(answer: unknown): Record<string, string> {
  if (typeof answer !== 'object' || answer === null) return {}
  const { action, content } = answer as { action?: unknown; content?: unknown }
  if (action !== 'accept' || typeof content !== 'object' || content === null) return {}
  return Object.fromEntries(
    Object.entries(content).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  )
}
