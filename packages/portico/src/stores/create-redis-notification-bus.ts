import { logger } from '../core/logger.js'
import type { RedisClient } from './connect-redis.js'
import {
  type McpChangeListener,
  type McpNotificationBus,
  readChange,
} from './mcp-notification-bus.js'

/**
 * The {@link McpNotificationBus} of replicas that share one Redis: a change is a `PUBLISH` on
 * `<prefix>changes`, heard by every replica on a second connection of its own (a subscribed
 * connection takes no other command), this one included, so that a change reaches local and
 * remote listeners by one path. The subscriber reconnects as the client does; what is published
 * meanwhile is lost to this replica (pub/sub keeps nothing).
 */
export async function createRedisNotificationBus(
  client: RedisClient,
  options: { prefix: string; signal: AbortSignal },
): Promise<McpNotificationBus> {
  const channel = `${options.prefix}changes`
  const listeners = new Set<McpChangeListener>()
  const subscriber = client.duplicate()
  subscriber.on('error', () => {})
  await subscriber.connect()
  options.signal.addEventListener('abort', () => subscriber.destroy(), { once: true })
  await subscriber.subscribe(channel, (message) => {
    const change = readChange(message)
    if (!change) {
      logger.warn(`Ignored a message on ${channel} that is no change`)
      return
    }
    for (const listener of listeners) listener(change)
  })
  return {
    async publish(change) {
      await client.publish(channel, JSON.stringify(change))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
