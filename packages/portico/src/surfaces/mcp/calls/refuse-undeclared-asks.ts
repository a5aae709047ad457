import { PorticoError } from '../../../core/portico-error.js'
import type { ToolChannel } from '../../../invoke/tool-channel.js'
import { type McpCallError, missingClientCapability } from './mcp-call-error.js'

/** What the client declared it can answer: its `elicitation`, `sampling` and `roots` capabilities. */
export interface AnswerCapabilities {
  elicitation: boolean
  sampling: boolean
  roots: boolean
}

/** The requests a method's asks become, and the capability each needs. */
export const CAPABILITY_OF = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
} as const

/** A request a method may send its client. */
export type AskMethod = keyof typeof CAPABILITY_OF

/**
 * The one rule of both eras: a server never sends a request the client did not declare it can
 * answer (MCP, Lifecycle: capability negotiation). {@link refuse} rejects such an ask before it
 * leaves, and {@link failure} turns the call that failed after it into the protocol's
 * missing-capability error (-32021), which the client sees instead of a tool error.
 */
export interface UndeclaredAsks {
  /** Whether the client declared the capability `method` needs. */
  declares(method: AskMethod): boolean
  /** The refusal of `method` when the client did not declare its capability, noted; else `undefined`. */
  refuse(method: AskMethod): PorticoError | undefined
  /** The call's error, when an ask was refused. */
  failure(): McpCallError | undefined
}

/** The rule for one call of a client that declared `can`. */
export function refuseUndeclaredAsks(can: AnswerCapabilities): UndeclaredAsks {
  let missing: string | undefined
  return {
    declares: (method) => can[CAPABILITY_OF[method]],
    refuse(method) {
      const capability = CAPABILITY_OF[method]
      if (can[capability]) return undefined
      missing ??= capability
      // The client's limit, not a fault of the tool's: nothing in the server log.
      return new PorticoError(
        'bad_request',
        `The client did not declare the ${capability} capability`,
      )
    },
    failure: () => (missing === undefined ? undefined : missingClientCapability(missing)),
  }
}

/**
 * A 2025 channel that follows the rule: each ask the client did not declare rejects without
 * reaching it; the others are the channel's own (absent where its transport cannot ask).
 */
export function withDeclaredAsks(channel: ToolChannel, rule: UndeclaredAsks): ToolChannel {
  const refused = (method: AskMethod) => () => Promise.reject(rule.refuse(method))
  const declared = (method: AskMethod) => rule.declares(method)
  return {
    ...channel,
    ...(declared('elicitation/create') ? {} : { elicit: refused('elicitation/create') }),
    ...(declared('sampling/createMessage') ? {} : { sample: refused('sampling/createMessage') }),
    ...(declared('roots/list') ? {} : { roots: refused('roots/list') }),
  }
}
