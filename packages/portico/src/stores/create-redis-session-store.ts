import type { RedisClient } from './connect-redis.js'
import type { McpSessionRecord, McpSessionStore } from './mcp-session-store.js'

/** Options of {@link createRedisSessionStore} and {@link createRedisEventStore}. */
export interface RedisStoreOptions {
  /** Prepended to every key: `portico:<plugin name>:` when `portico start` makes the stores. */
  prefix: string
  /** How long an unused session lives (`limits.mcpSessionIdleMs`): the TTL, renewed on use. */
  idleMs: number
}

/**
 * The {@link McpSessionStore} of replicas that share one Redis: a session is the JSON string
 * `<prefix>session:<id>`, whose TTL is the idle expiry. Reading it renews the TTL in the same
 * command (`GETEX`, Redis 6.2 or later), so a request costs one round trip.
 */
export function createRedisSessionStore(
  client: RedisClient,
  options: RedisStoreOptions,
): McpSessionStore {
  const { prefix, idleMs } = options
  const keyOf = (id: string) => `${prefix}session:${id}`
  const lifetime = { type: 'PX', value: idleMs } as const
  return {
    // A PING, bounded like every command: a client that reconnects, or a Redis that is paused,
    // is not ready.
    ready: () =>
      client.isReady
        ? client.ping().then(
            () => true,
            () => false,
          )
        : Promise.resolve(false),
    async create(id, record) {
      await client.set(keyOf(id), JSON.stringify(record), { expiration: lifetime })
    },
    async find(id) {
      const text = await client.getEx(keyOf(id), lifetime)
      return text === null ? undefined : (JSON.parse(text) as McpSessionRecord)
    },
    async touch(id) {
      await client.pExpire(keyOf(id), idleMs)
    },
    async update(id, record) {
      // XX: a session another replica ended meanwhile stays ended.
      await client.set(keyOf(id), JSON.stringify(record), {
        condition: 'XX',
        expiration: 'KEEPTTL',
      })
    },
    async delete(id) {
      await client.del(keyOf(id))
    },
  }
}
