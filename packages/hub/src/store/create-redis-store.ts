import { connectRedis, redisLocation } from './connect-redis.js'
import { createKeysLoader } from './create-keys-loader.js'
import { createRedisAdapter } from './create-redis-adapter.js'
import type { HubStore, ModelAdapter } from './hub-store.js'
import { parseKeySet } from './parse-key-set.js'
import { assertModelName } from './stored-entry.js'

/** Options of `createRedisStore`. */
export interface RedisStoreOptions {
  /** Prepended to every key, so several hubs can share one Redis. Default `portico-hub:`. */
  prefix?: string
}

/**
 * Replaces the stored key set (ARGV[2]) only while its version is still ARGV[1]. The stored JSON
 * is only decoded, never re-encoded (cjson would turn `[]` into `{}`).
 */
const replaceKeysScript = `
local current = redis.call('GET', KEYS[1])
if current and cjson.decode(current).version == tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[2])
  return 1
end
return 0`

/**
 * The store for several hub replicas: every entry and the key set live in Redis, so any replica
 * serves any request. Resolves once connected; rejects, naming the URL without its password,
 * when Redis cannot be reached. Later disconnections are retried in the background.
 *
 * @example
 * import { createRedisStore } from './store/create-redis-store.js'
 * const store = await createRedisStore('redis://127.0.0.1:6379', { prefix: 'my-hub:' })
 */
export async function createRedisStore(
  url: string,
  options: RedisStoreOptions = {},
): Promise<HubStore> {
  const location = redisLocation(url)
  const prefix = options.prefix ?? 'portico-hub:'
  const client = await connectRedis(url, location)

  const keysKey = `${prefix}keys`
  const adapters = new Map<string, ModelAdapter>()
  async function readKeys() {
    const text = await client.get(keysKey)
    return text === null ? undefined : parseKeySet(text, `Redis key ${keysKey} at ${location}`)
  }

  return {
    location,
    adapter(model) {
      let adapter = adapters.get(model)
      if (!adapter) {
        assertModelName(model)
        adapter = createRedisAdapter(client, `${prefix}${model}:`)
        adapters.set(model, adapter)
      }
      return adapter
    },
    keys: createKeysLoader({
      read: readKeys,
      async storeIfAbsent(set) {
        await client.set(keysKey, JSON.stringify(set), { condition: 'NX' })
      },
    }),
    async replaceKeys(next, expectedVersion) {
      const replaced = await client.eval(replaceKeysScript, {
        keys: [keysKey],
        arguments: [String(expectedVersion), JSON.stringify(next)],
      })
      return replaced === 1
    },
    async close() {
      if (client.isOpen) await client.close()
    },
  }
}
