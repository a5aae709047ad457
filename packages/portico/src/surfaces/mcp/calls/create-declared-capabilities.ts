import { answerCapabilitiesOf } from './call-tool-over-mcp.js'
import type { AnswerCapabilities } from './refuse-undeclared-asks.js'

/**
 * What stateless 2025 clients declared: a 2025 client declares its capabilities once, in
 * `initialize`, and a server without sessions answers it and forgets it. This keeps, per caller
 * (the authenticated subject; in mode anon, the client's User-Agent), what its latest
 * `initialize` in this process declared, so that a call asks only what its client can answer. A
 * caller with no `initialize` here declared nothing as far as this process knows, and is asked
 * nothing: the answer to an ask must come back to this process anyway (see
 * `ServerRequestRelay`), so the clients that can be asked are those whose `initialize` reached it
 * too. In mode anon, clients of the same software (one User-Agent) share what the latest of them
 * declared: what a client declares depends on its software and version, which the User-Agent
 * names.
 */
export interface DeclaredCapabilities {
  /** Notes what `caller` declared in its `initialize`. */
  remember(caller: string, capabilities: unknown): void
  /** What `caller` declared in its latest `initialize` here; nothing when there was none. */
  of(caller: string): AnswerCapabilities
}

const NOTHING: AnswerCapabilities = { elicitation: false, sampling: false, roots: false }

/** `limit`: how many callers are remembered, the least recent forgotten first. */
export function createDeclaredCapabilities(limit = 10_000): DeclaredCapabilities {
  const declared = new Map<string, AnswerCapabilities>()
  return {
    remember(caller, capabilities) {
      declared.delete(caller)
      declared.set(caller, answerCapabilitiesOf(capabilities))
      if (declared.size > limit) declared.delete(declared.keys().next().value as string)
    },
    of: (caller) => declared.get(caller) ?? NOTHING,
  }
}
