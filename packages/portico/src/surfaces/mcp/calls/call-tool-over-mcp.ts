import type { PorticoCaller } from '../../../core/plugin-context.js'
import type { PorticoLogLevel } from '../../../core/tool-context.js'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import type { McpEra } from '../wire/protocol-versions.js'
import type { InputRequiredAnswer, InputResume, InputRounds } from './create-input-rounds.js'
import { McpCallError } from './mcp-call-error.js'
import {
  type AnswerCapabilities,
  refuseUndeclaredAsks,
  withDeclaredAsks,
} from './refuse-undeclared-asks.js'

/** One `tools/call` as either MCP path (the hot path, the SDK's server) hands it over. */
export interface McpToolCall {
  era: McpEra
  name: string
  input: Record<string, unknown>
  caller?: PorticoCaller
  /** What the path can do with its client; elicitation and sampling only in the 2025 era. */
  channel: ToolChannel
  /** 2026-07-28: what a retried call brought back. */
  resume?: InputResume
  /**
   * What the client declared it can answer: in 2026-07-28 from the request's envelope, in 2025
   * from its `initialize`. An ask it did not declare fails the call with -32021 in both eras;
   * absent in 2025 where the channel cannot ask at all.
   */
  canAnswer?: AnswerCapabilities
}

/** How a call ended: the runtime's result, its failure, or the input it needs (2026-07-28). */
export type McpToolCallOutcome =
  | { complete: unknown }
  | { failed: unknown }
  | { inputRequired: InputRequiredAnswer }

/** A notification related to a call, for the path to send on the call's stream. */
export interface RelatedNotification {
  method: 'notifications/progress' | 'notifications/message'
  params: Record<string, unknown>
}

const LOG_LEVELS: readonly PorticoLogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]

const NO_ANSWERS: AnswerCapabilities = { elicitation: false, sampling: false, roots: false }

/**
 * Runs one MCP tool call through the runtime: in 2025 with the path's channel, less the asks
 * the client did not declare; in 2026-07-28 in input rounds (see `InputRounds`). Rejects only
 * with an {@link McpCallError}, the protocol error the client must see.
 */
export async function callToolOverMcp(
  runtime: ToolRuntime,
  rounds: InputRounds,
  call: McpToolCall,
): Promise<McpToolCallOutcome> {
  const { name, input, caller, channel } = call
  if (call.era === 'legacy') {
    const undeclared = call.canAnswer && refuseUndeclaredAsks(call.canAnswer)
    const declared = undeclared ? withDeclaredAsks(channel, undeclared) : channel
    return runtime.invokeTool(name, input, caller, declared).then(
      (complete) => ({ complete }),
      (failed: unknown) => {
        const missing = undeclared?.failure()
        if (missing) throw missing
        return { failed }
      },
    )
  }
  // Bound before the runtime fills in defaults, as the retry will be.
  const binding = `tools/call\0${name}\0${JSON.stringify(input)}\0${caller?.uid ?? ''}`
  return rounds
    .run(binding, call.resume ?? {}, call.canAnswer ?? NO_ANSWERS, (round) =>
      runtime.invokeTool(name, input, caller, {
        ...(channel.signal ? { signal: channel.signal } : {}),
        ...(channel.requestId ? { requestId: channel.requestId } : {}),
        ...(channel.progress ? { progress: channel.progress } : {}),
        ...(channel.log ? { log: channel.log } : {}),
        ...round,
      }),
    )
    .catch((failed: unknown) => {
      if (failed instanceof McpCallError) throw failed
      return { failed }
    })
}

/** `ctx.progress` as notifications on the call's stream, when the client sent a token. */
export function progressNotifier(
  token: unknown,
  notify: (notification: RelatedNotification) => unknown,
): ToolChannel['progress'] {
  if (typeof token !== 'string' && typeof token !== 'number') return undefined
  return async (done, total, message) => {
    notify({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress: done,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    })
  }
}

/** `ctx.log` as notifications on the call's stream, at `threshold` and above. */
export function logNotifier(
  threshold: unknown,
  notify: (notification: RelatedNotification) => unknown,
): ToolChannel['log'] {
  const lowest = LOG_LEVELS.indexOf(threshold as PorticoLogLevel)
  if (lowest === -1) return undefined
  return async (level, data) => {
    if (LOG_LEVELS.indexOf(level) >= lowest)
      notify({ method: 'notifications/message', params: { level, data } })
  }
}

/** What a client declared it can answer: a 2026-07-28 envelope's, or a 2025 `initialize`'s. */
export function answerCapabilitiesOf(capabilities: unknown): AnswerCapabilities {
  const declared = isObject(capabilities) ? capabilities : {}
  return {
    elicitation: isObject(declared.elicitation),
    sampling: isObject(declared.sampling),
    roots: isObject(declared.roots),
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
