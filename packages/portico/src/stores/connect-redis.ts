import { createClient } from '@redis/client'

/** A connected client, as {@link connectRedis} makes it. */
export type RedisClient = Awaited<ReturnType<typeof connectRedis>>

/**
 * Connects to Redis. Rejects on the first connection error, naming `location` (by default the
 * URL without its password); once connected, lost connections are retried in the background
 * with a growing delay, and commands sent meanwhile fail at once rather than wait (the offline
 * queue is off). The shared MCP session stores connect through it.
 *
 * Portico's own copy of the hub's `connectRedis` (`packages/hub/src/store/connect-redis.ts`), so
 * that `portico` reaches Redis without depending on `@portico/hub`; both use `@redis/client` at
 * one version. Load it with `import()`: a plugin without Redis never loads the client.
 */
export async function connectRedis(url: string, location = redisLocation(url)) {
  let connected = false
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(50 * 2 ** retries, 5000) : cause,
    },
  })
  // Failures reach callers through their commands; without a listener the client would throw.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    client.destroy()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Cannot connect to Redis at ${location}: ${reason}`, { cause: error })
  }
  connected = true
  return client
}

/**
 * A Redis URL as it may be shown in logs and errors: any password replaced by nothing. Throws a
 * `TypeError` that does not echo the text (it may hold a password) when it is not a URL.
 */
export function redisLocation(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new TypeError('The Redis URL is not a URL (expected redis://host:port)')
  }
  parsed.password = ''
  return parsed.href
}
