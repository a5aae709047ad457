import type { RedisClient } from './connect-redis.js'
import type { RedisStoreOptions } from './create-redis-session-store.js'
import type { McpEventMessage, McpEventStore } from './mcp-event-store.js'

/** Options of {@link createRedisEventStore}. */
export interface RedisEventStoreOptions extends RedisStoreOptions {
  /** Events kept per stream, its oldest dropped first. Default 256. */
  maxEventsPerStream?: number
}

/**
 * An event id: the stream's id (a UUID, or the SDK's `_GET_stream`), a slash, and the Redis
 * entry id. Anything else a client sends as `Last-Event-ID` names no event.
 */
const EVENT_ID = /^([\w-]{1,64})\/(\d{1,20}-\d{1,20})$/

/**
 * The {@link McpEventStore} of replicas that share one Redis, so that a client that lost a stream
 * resumes it on any replica. Each stream of a session is a Redis stream,
 * `<prefix>events:<session>:<stream>`, bounded in length; the session's stream ids are a set,
 * `<prefix>streams:<session>`, for deleting them. Every key expires `idleMs` after its last event.
 * The stream's id is part of each event id, so no lookup maps one to the other; the key must
 * still exist under the session asking, so a session never replays another's events. A call
 * under way on a stream is `<prefix>call:<session>:<stream>` (its request id, kept as long as
 * the events) beside its lease, `<prefix>lease:<session>:<stream>`, which expires unless renewed.
 */
export function createRedisEventStore(
  client: RedisClient,
  options: RedisEventStoreOptions,
): McpEventStore {
  const { prefix, idleMs } = options
  const maxEvents = options.maxEventsPerStream ?? 256
  const streamKey = (sessionId: string, streamId: string) =>
    `${prefix}events:${sessionId}:${streamId}`
  const streamsKey = (sessionId: string) => `${prefix}streams:${sessionId}`
  const callKey = (sessionId: string, streamId: string) => `${prefix}call:${sessionId}:${streamId}`
  const leaseKey = (sessionId: string, streamId: string) =>
    `${prefix}lease:${sessionId}:${streamId}`

  return {
    async storeEvent(sessionId, streamId, message) {
      const key = streamKey(sessionId, streamId)
      const [entryId] = await client
        .multi()
        .xAdd(
          key,
          '*',
          { message: JSON.stringify(message) },
          { TRIM: { strategy: 'MAXLEN', threshold: maxEvents } },
        )
        .pExpire(key, idleMs)
        .sAdd(streamsKey(sessionId), streamId)
        .pExpire(streamsKey(sessionId), idleMs)
        .exec()
      return `${streamId}/${String(entryId)}`
    },
    async getStreamIdForEventId(sessionId, eventId) {
      const [, streamId] = EVENT_ID.exec(eventId) ?? []
      if (streamId === undefined) return undefined
      return (await client.exists(streamKey(sessionId, streamId))) === 1 ? streamId : undefined
    },
    async replayEventsAfter(sessionId, eventId, send) {
      const [, streamId, entryId] = EVENT_ID.exec(eventId) ?? []
      if (streamId === undefined || entryId === undefined) {
        throw new Error(`No event ${eventId} in session ${sessionId}`)
      }
      // `(`: after the entry, not from it (Redis 6.2 or later).
      const entries = await client.xRange(streamKey(sessionId, streamId), `(${entryId}`, '+')
      for (const entry of entries ?? []) {
        const json = String(entry.message.message)
        await send(`${streamId}/${entry.id}`, JSON.parse(json) as McpEventMessage)
      }
      return streamId
    },
    async deleteSession(sessionId) {
      const streamIds = (await client.sMembers(streamsKey(sessionId))).map(String)
      await client.del([
        streamsKey(sessionId),
        ...streamIds.flatMap((streamId) => [
          streamKey(sessionId, streamId),
          callKey(sessionId, streamId),
          leaseKey(sessionId, streamId),
        ]),
      ])
    },
    async leaseCall(sessionId, streamId, requestId, leaseMs) {
      await client
        .multi()
        .set(callKey(sessionId, streamId), JSON.stringify(requestId), { PX: idleMs })
        .set(leaseKey(sessionId, streamId), '1', { PX: leaseMs })
        .exec()
    },
    async endCall(sessionId, streamId) {
      await client.del([callKey(sessionId, streamId), leaseKey(sessionId, streamId)])
    },
    async findCall(sessionId, streamId) {
      const [call, leased] = await client
        .multi()
        .get(callKey(sessionId, streamId))
        .exists(leaseKey(sessionId, streamId))
        .exec()
      if (typeof call !== 'string') return undefined
      const requestId = JSON.parse(call) as string | number
      return { requestId, running: Number(leased) === 1 }
    },
  }
}
