import { PorticoError } from './portico-error.js'

/**
 * A caller whose token lacks a scope the tool (resource template, prompt method) declares with
 * `@scope`: kind `forbidden`, so a 403, and the scopes behind it, which the challenge of the
 * answer names (RFC 6750 §3.1 `insufficient_scope`, as the MCP authorization spec asks).
 *
 * @example
 * throw new InsufficientScopeError('Notes_add', ['notes:write'], ['notes:write'])
 */
export class InsufficientScopeError extends PorticoError {
  /** Every scope the call needs, as declared. */
  readonly requiredScopes: readonly string[]
  /** Those the token lacks. */
  readonly missingScopes: readonly string[]

  constructor(name: string, requiredScopes: readonly string[], missingScopes: readonly string[]) {
    const noun = missingScopes.length === 1 ? 'the scope' : 'the scopes'
    super('forbidden', `${name} needs ${noun} ${missingScopes.join(' ')}, which the token lacks`)
    this.name = 'InsufficientScopeError'
    this.requiredScopes = requiredScopes
    this.missingScopes = missingScopes
  }
}

/**
 * Refuses a call whose caller lacks any of `required`: without a caller (no token), all are
 * missing.
 */
export function assertScopes(
  name: string,
  required: readonly string[] | undefined,
  granted: readonly string[] | undefined,
): void {
  if (required === undefined || required.length === 0) return
  const missing = required.filter((scope) => !granted?.includes(scope))
  if (missing.length > 0) throw new InsufficientScopeError(name, required, missing)
}
