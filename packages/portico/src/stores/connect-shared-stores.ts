import { logger } from '../core/logger.js'
import type { PluginModel } from '../model/plugin-model.js'
import { createRedisEventStore } from './create-redis-event-store.js'
import { createRedisSessionStore } from './create-redis-session-store.js'
import type { McpEventStore } from './mcp-event-store.js'
import type { McpSessionStore } from './mcp-session-store.js'

/** The stores through which replicas share their stateful MCP sessions. */
export interface SharedSessionStores {
  sessionStore: McpSessionStore
  eventStore: McpEventStore
}

/**
 * The Redis stores of stateful sessions (`mcp.sessions: 'stateful'`) when `PORTICO_REDIS_URL`
 * is set in `env`, connected: rejects, naming the URL without its password, when Redis cannot be
 * reached, since a replica that cannot share its sessions must not take traffic. `undefined`
 * without the variable, and with a stateless plugin, which has nothing to share (said once, as a
 * warning). Keys are under `portico:<plugin name>:`; the client closes when `signal` aborts.
 * The Redis client loads only here, so a plugin without Redis never loads it.
 */
export async function connectSharedStores(
  env: Record<string, string | undefined>,
  model: PluginModel,
  signal: AbortSignal,
): Promise<SharedSessionStores | undefined> {
  const url = env.PORTICO_REDIS_URL?.trim() ?? ''
  if (url === '') return undefined
  if (model.config.mcp.sessions !== 'stateful') {
    logger.warn(
      'PORTICO_REDIS_URL is set, but mcp.sessions is "stateless": no session to share, Redis is not used',
    )
    return undefined
  }
  const { connectRedis, redisLocation } = await import('./connect-redis.js')
  const client = await connectRedis(url).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`PORTICO_REDIS_URL: ${reason}`, { cause: error })
  })
  signal.addEventListener('abort', () => void client.close().catch(() => {}), { once: true })
  logger.info(`MCP sessions are shared through Redis at ${redisLocation(url)}`)
  const options = {
    prefix: `portico:${model.identity.name}:`,
    idleMs: model.config.limits.mcpSessionIdleMs,
  }
  return {
    sessionStore: createRedisSessionStore(client, options),
    eventStore: createRedisEventStore(client, options),
  }
}
