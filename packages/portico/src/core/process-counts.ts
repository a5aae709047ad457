/**
 * Counts the process keeps whether or not metrics are on: two integers, cheaper than asking
 * each owner for its count. The metrics endpoint (`server.metricsPort`) reads them when scraped.
 */
export const processCounts = {
  /** Stateful MCP sessions open in this process, over every app it serves. */
  mcpSessions: 0,
  /** Errors the Redis clients reported (lost connections, failed reconnects) since start. */
  redisErrors: 0,
  /**
   * The tasks this process runs, by status: under way now (`working`, `input_required`), or
   * ended since start (`completed`, `failed`, `cancelled`).
   */
  tasks: {
    working: 0,
    input_required: 0,
    completed: 0,
    failed: 0,
    cancelled: 0,
  } as Record<string, number>,
}

/** Counts a task of this process moving from status `from` (none: a new task) to `to`. */
export function countTaskStatus(from: string | undefined, to: string): void {
  const { tasks } = processCounts
  if (from !== undefined) tasks[from] = (tasks[from] ?? 0) - 1
  tasks[to] = (tasks[to] ?? 0) + 1
}
