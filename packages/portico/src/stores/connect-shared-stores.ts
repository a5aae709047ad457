import { logger } from '../core/logger.js'
import type { PluginModel } from '../model/plugin-model.js'
import { createRedisEventStore } from './create-redis-event-store.js'
import { createRedisNotificationBus } from './create-redis-notification-bus.js'
import { createRedisSessionStore } from './create-redis-session-store.js'
import { createRedisTaskStore } from './create-redis-task-store.js'
import type { McpEventStore } from './mcp-event-store.js'
import type { McpNotificationBus } from './mcp-notification-bus.js'
import type { McpSessionStore } from './mcp-session-store.js'
import type { McpTaskStore } from './mcp-task-store.js'

/**
 * The stores through which replicas share their stateful MCP sessions (both or neither) and
 * their MCP tasks, and the bus on which they tell each other of changes to resources and tasks.
 */
export interface SharedSessionStores {
  sessionStore?: McpSessionStore
  eventStore?: McpEventStore
  taskStore?: McpTaskStore
  notificationBus?: McpNotificationBus
}

/**
 * The Redis stores of stateful sessions (`mcp.sessions: 'stateful'`) and of tasks (a plugin with
 * `@task` tools), and the change bus of a plugin with tasks or resources (subscriptions), when
 * `PORTICO_REDIS_URL` is set in `env`, connected: rejects, naming the URL without its password,
 * when Redis cannot be reached, since a replica that cannot share its sessions or tasks must not
 * take traffic. `undefined` without the variable, and with a stateless plugin without `@task`
 * tools or resources, which has nothing to share (said once, as a warning). Keys are under `portico:<plugin name>:`; the client closes when `signal` aborts.
 * The Redis client loads only here, so a plugin without Redis never loads it.
 */
export async function connectSharedStores(
  env: Record<string, string | undefined>,
  model: PluginModel,
  signal: AbortSignal,
): Promise<SharedSessionStores | undefined> {
  const url = env.PORTICO_REDIS_URL?.trim() ?? ''
  if (url === '') return undefined
  const stateful = model.config.mcp.sessions === 'stateful'
  const tasks = model.tools.some((tool) => tool.task !== undefined)
  const resources = model.resources.length > 0 || model.resourceTemplates.length > 0
  if (!stateful && !tasks && !resources) {
    logger.warn(
      'PORTICO_REDIS_URL is set, but mcp.sessions is "stateless", no tool is a @task and there are no resources: nothing to share, Redis is not used',
    )
    return undefined
  }
  const { connectRedis, redisLocation } = await import('./connect-redis.js')
  const client = await connectRedis(url).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`PORTICO_REDIS_URL: ${reason}`, { cause: error })
  })
  signal.addEventListener('abort', () => void client.close().catch(() => {}), { once: true })
  const shared = [stateful ? 'sessions' : '', tasks ? 'tasks' : '', 'changes']
    .filter(Boolean)
    .join(', ')
  logger.info(`MCP ${shared} are shared through Redis at ${redisLocation(url)}`)
  const prefix = `portico:${model.identity.name}:`
  const { limits } = model.config
  const options = { prefix, idleMs: limits.mcpSessionIdleMs }
  const notificationBus = await createRedisNotificationBus(client, { prefix, signal })
  return {
    notificationBus,
    ...(stateful
      ? {
          sessionStore: createRedisSessionStore(client, options),
          eventStore: createRedisEventStore(client, options),
        }
      : {}),
    ...(tasks
      ? { taskStore: createRedisTaskStore(client, { prefix, ttlMs: limits.mcpTaskTtlMs }) }
      : {}),
  }
}
