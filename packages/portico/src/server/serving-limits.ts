import type { LimitsConfig } from '../config/config-types.js'
import type { NodeHandlerOptions } from './start-node-server.js'

/**
 * What `portico start` hands `node:http` from the config's limits: how long a client may take to
 * send a request, and the event-loop delay past which requests are shed. One place, so that
 * every server run as `portico start` runs (the bench's among them) pays for the same guards.
 */
export function servingLimits(
  limits: Required<LimitsConfig>,
): Required<Pick<NodeHandlerOptions, 'timeouts' | 'shedding'>> {
  return {
    timeouts: { headersMs: limits.headersTimeoutMs, requestMs: limits.requestTimeoutMs },
    shedding: { maxEventLoopDelayMs: limits.eventLoopDelayMs },
  }
}
