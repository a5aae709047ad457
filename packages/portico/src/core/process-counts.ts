/**
 * Counts the process keeps whether or not metrics are on: two integers, cheaper than asking
 * each owner for its count. The metrics endpoint (`server.metricsPort`) reads them when scraped.
 */
export const processCounts = {
  /** Stateful MCP sessions open in this process, over every app it serves. */
  mcpSessions: 0,
  /** Errors the Redis clients reported (lost connections, failed reconnects) since start. */
  redisErrors: 0,
}
