import type { PorticoCaller } from '../../../core/plugin-context.js'
import { isPorticoError } from '../../../core/portico-error.js'
import type { PorticoElicitRequest } from '../../../core/tool-context.js'
import { GENERIC_EXECUTION_DETAIL } from '../../../http/problem-response.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { PromptMessage } from '../../../invoke/to-prompt-messages.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import type { PromptDefinition } from '../../../model/plugin-model.js'
import type { McpEra } from '../wire/protocol-versions.js'
import type { InputRequiredAnswer, InputResume, InputRounds } from './create-input-rounds.js'
import { internalError, invalidParams, McpCallError } from './mcp-call-error.js'
import type { AnswerCapabilities } from './refuse-undeclared-asks.js'

/** A prompt's messages, as `prompts/get` answers them. */
export interface PromptResult {
  description?: string
  messages: PromptMessage[]
}

/** One `prompts/get` as the SDK's handler hands it over. */
export interface McpPromptRequest {
  era: McpEra
  args: Record<string, unknown> | undefined
  caller?: PorticoCaller
  /** What a prompt method may do with its client, as a tool call's channel. */
  channel: ToolChannel
  resume: InputResume
  canAnswer: AnswerCapabilities
  /** `portico dev`: a failing method's message is shown. */
  dev: boolean
}

/** The key under which the missing arguments are asked. */
const ARGUMENTS_KEY = 'arguments'

/**
 * Gets a prompt's messages through the runtime: a template filled in, or a method's result. In
 * 2026-07-28, when required arguments are missing and the client can elicit, the prompt asks
 * the user for them in one form (an input round, see `InputRounds`) rather than failing; a
 * method runs in input rounds there, so it may ask too (`ctx.elicit`), as a tool does. Rejects
 * with an `McpCallError`: -32602 for arguments that stay invalid (or what the method says is
 * not found), -32603 for a method's failure.
 */
export async function getPromptOverMcp(
  runtime: ToolRuntime,
  prompt: PromptDefinition,
  rounds: InputRounds,
  request: McpPromptRequest,
): Promise<PromptResult | { inputRequired: InputRequiredAnswer }> {
  const get = async (args: Record<string, unknown>, channel: ToolChannel) => {
    try {
      const messages = await runtime.getPrompt(prompt.name, args, request.caller, channel)
      return { ...(prompt.description ? { description: prompt.description } : {}), messages }
    } catch (error) {
      throw toPromptError(error, request.dev)
    }
  }
  const given = request.args ?? {}
  if (request.era === 'legacy') return get(given, request.channel)
  const missing = prompt.arguments.filter(
    (argument) => argument.required && given[argument.name] === undefined,
  )
  const askArguments = missing.length > 0 && request.canAnswer.elicitation
  // A template asks nothing of its own: without arguments to ask for, it needs no round.
  if (!askArguments && prompt.method === undefined) return get(given, request.channel)
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
  const outcome = await rounds.run(binding, request.resume, request.canAnswer, async (round) => {
    const answers = askArguments
      ? acceptedStrings(await round.elicit(form, { key: ARGUMENTS_KEY }))
      : {}
    return get({ ...given, ...answers }, { ...request.channel, ...round })
  })
  return 'complete' in outcome ? outcome.complete : outcome
}

/**
 * A failed prompt as MCP answers it: arguments the prompt refuses (or a `not_found` its method
 * throws about them) are invalid params; any other failure an internal error whose message
 * shows only where REST would show it too.
 */
function toPromptError(error: unknown, dev: boolean): unknown {
  if (error instanceof McpCallError) return error
  if (!isPorticoError(error)) {
    return internalError(dev && error instanceof Error ? error.message : GENERIC_EXECUTION_DETAIL)
  }
  if (error.kind === 'validation' || error.kind === 'bad_request' || error.kind === 'not_found') {
    return invalidParams(error.message)
  }
  return internalError(error.expose || dev ? error.message : GENERIC_EXECUTION_DETAIL)
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
