import { createClient } from '@redis/client'
import { processCounts } from '../core/process-counts.js'
import { sessionStoreUnavailable } from './session-store-unavailable.js'

/** A connected client, as {@link connectRedis} makes it. */
export type RedisClient = Awaited<ReturnType<typeof connectRedis>>

/** Options of {@link connectRedis}. */
export interface ConnectRedisOptions {
  /** How long connecting (and each reconnection) may take. Default 2 s. */
  connectTimeoutMs?: number
  /**
   * How long any command may take, from the call to the reply. Default 1 s: a Redis that answers
   * at all answers these in about a millisecond, and a paused one must not hold requests.
   */
  commandTimeoutMs?: number
}

/**
 * Connects to Redis. Rejects on the first connection error, naming `location` (by default the
 * URL without its password); once connected, lost connections are retried in the background
 * with a growing delay, and commands sent meanwhile fail at once rather than wait (the offline
 * queue is off). The shared MCP session stores connect through it.
 *
 * Every command is bounded: it fails after `commandTimeoutMs` even when Redis keeps the
 * connection but never replies (a paused or stuck server, which TCP cannot tell from a slow
 * one). The client's own command timeout covers only a command not yet written, so the bound
 * is kept here. Each failure of a command (a timeout, a lost connection, an error reply such as
 * `OOM`) rejects with {@link sessionStoreUnavailable}, Redis' text kept as its `cause`.
 *
 * Portico's own copy of the hub's `connectRedis` (`packages/hub/src/store/connect-redis.ts`), so
 * that `portico` reaches Redis without depending on `@portico/hub`; both use `@redis/client` at
 * one version. Load it with `import()`: a plugin without Redis never loads the client.
 */
export async function connectRedis(
  url: string,
  location = redisLocation(url),
  options: ConnectRedisOptions = {},
) {
  const commandTimeoutMs = options.commandTimeoutMs ?? 1_000
  let connected = false
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: commandTimeoutMs },
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 2_000,
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(50 * 2 ** retries, 5000) : cause,
    },
  })
  // Failures reach callers through their commands; without a listener the client would throw.
  // Counted for the metrics endpoint (`portico.redis.errors`).
  client.on('error', () => {
    processCounts.redisErrors += 1
  })
  try {
    await client.connect()
  } catch (error) {
    client.destroy()
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Cannot connect to Redis at ${location}: ${reason}`, { cause: error })
  }
  connected = true
  return boundCommands(client, commandTimeoutMs)
}

/**
 * `target` with every method that answers a promise bounded by `ms` and its failures made
 * {@link sessionStoreUnavailable}; `multi()` answers a bounded transaction, whose `exec` is the
 * command that goes to Redis. Chained calls (`multi().set(…).del(…)`) stay on the wrapper.
 */
function boundCommands<T extends object>(target: T, ms: number): T {
  const wrapper: T = new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args)
        if (result instanceof Promise) return withinBound(result, ms)
        if (result === object) return wrapper
        if (key === 'multi' && typeof result === 'object' && result !== null) {
          return boundCommands(result, ms)
        }
        return result
      }
    },
  })
  return wrapper
}

/** `pending`, or {@link sessionStoreUnavailable} once it failed or `ms` went by. */
function withinBound<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(sessionStoreUnavailable(new Error(`Redis did not reply within ${ms} ms`))),
      ms,
    )
  })
  // A reply that comes after the bound is read and dropped by the client, in order.
  pending.catch(() => {})
  return Promise.race([
    pending.catch((error: unknown) => {
      throw sessionStoreUnavailable(error)
    }),
    expired,
  ]).finally(() => clearTimeout(timer))
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
