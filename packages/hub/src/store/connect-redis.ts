import { createClient } from '@redis/client'

/** A connected client, as `connectRedis` makes it. */
export type RedisClient = Awaited<ReturnType<typeof connectRedis>>

/**
 * Connects to Redis. Rejects on the first connection error, naming `location` (the URL without
 * its password); once connected, lost connections are retried in the background with a growing
 * delay, and commands sent meanwhile fail at once rather than wait (the offline queue is off).
 */
export async function connectRedis(url: string, location: string) {
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
