import type { CompleteResult } from '@modelcontextprotocol/server'

/** The most values one completion answer holds, as MCP caps it. */
export const MAX_COMPLETION_VALUES = 100

/**
 * The candidates that start with what the user typed (case-insensitive), in their declared
 * order: at most {@link MAX_COMPLETION_VALUES}, with how many matched and whether more did.
 *
 * @example
 * completeValues(['draft', 'done', 'archived'], 'D') // { values: ['draft', 'done'], total: 2, hasMore: false }
 */
export function completeValues(
  candidates: readonly string[],
  typed: string,
): CompleteResult['completion'] {
  const prefix = typed.toLowerCase()
  const matching = candidates.filter((value) => value.toLowerCase().startsWith(prefix))
  return {
    values: matching.slice(0, MAX_COMPLETION_VALUES),
    total: matching.length,
    hasMore: matching.length > MAX_COMPLETION_VALUES,
  }
}
