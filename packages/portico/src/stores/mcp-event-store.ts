import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server'
import { logger } from '../core/logger.js'

/**
 * One message a session sent on an SSE stream: a JSON-RPC message, or `{}` for the priming
 * event that opens a stream in 2025-11-25. Plain JSON: a shared store keeps it serialized.
 */
export type McpEventMessage = Record<string, unknown>

/**
 * Where stateful MCP sessions keep the messages they send on SSE streams, so that a client that
 * lost a stream gets what it missed by reconnecting with `Last-Event-ID` (2025 revisions,
 * resumability). Every call names its session: event ids need only be unique within one, and a
 * store must never replay one session's events to another. Portico's default keeps a bounded
 * window in memory, per process; a store shared by replicas (Redis, say) implements this
 * interface and is passed as `createApp(runtime, { mcp: { eventStore } })`.
 *
 * @example
 * import type { McpEventStore } from 'portico/server'
 * const store: McpEventStore = {
 *   async storeEvent(sessionId, streamId, message) { return redisAppend(sessionId, streamId, message) },
 *   async getStreamIdForEventId(sessionId, eventId) { return redisStreamOf(sessionId, eventId) },
 *   async replayEventsAfter(sessionId, eventId, send) { return redisReplay(sessionId, eventId, send) },
 *   async deleteSession(sessionId) { await redisDelete(sessionId) },
 * }
 */
export interface McpEventStore {
  /** Keeps one message sent on `streamId` and answers the event id it is sent under. */
  storeEvent(sessionId: string, streamId: string, message: McpEventMessage): Promise<string>
  /** The stream an event of this session belongs to; `undefined` when unknown or dropped. */
  getStreamIdForEventId(sessionId: string, eventId: string): Promise<string | undefined>
  /**
   * Sends, in order, the events of this session stored on the same stream after `eventId`, and
   * answers that stream's id.
   */
  replayEventsAfter(
    sessionId: string,
    eventId: string,
    send: (eventId: string, message: McpEventMessage) => Promise<void>,
  ): Promise<string>
  /** Forgets the events of a session that ended. */
  deleteSession(sessionId: string): Promise<void>
  /**
   * Optional, for a store that replicas share: records that the call `requestId`, answered on
   * `streamId`, runs in the process that calls this, for `leaseMs`. That process calls it again
   * before the lease lapses while the call runs, so a lapsed lease means its process stopped.
   */
  leaseCall?(
    sessionId: string,
    streamId: string,
    requestId: string | number,
    leaseMs: number,
  ): Promise<void>
  /** Forgets the call of a stream: its answer is stored (or could not be). */
  endCall?(sessionId: string, streamId: string): Promise<void>
  /** The call answered on a stream, leased and not ended: its request id, and whether it runs. */
  findCall?(sessionId: string, streamId: string): Promise<McpCallLease | undefined>
}

/** A call recorded by {@link McpEventStore.leaseCall}. */
export interface McpCallLease {
  requestId: string | number
  /** Whether its lease holds: the process running it renewed it in time. */
  running: boolean
}

/**
 * One session's view of a {@link McpEventStore}, as the SDK's transport takes an event store. An
 * event the store fails to keep (Redis down or full) is still sent, without an id: the SDK's
 * transport stores before it writes, and a rejection there would drop the message, a call's
 * result included, and leave its stream open with nothing to say. Only its replay is lost.
 */
export function toSdkEventStore(store: McpEventStore, sessionId: string): EventStore {
  return {
    storeEvent: (streamId, message) =>
      store.storeEvent(sessionId, streamId, message).catch((error: unknown) => {
        logger.error(
          `Storing an event of MCP session ${sessionId} failed: it is sent without an id, and cannot be replayed`,
          error,
        )
        // The SDK writes no `id:` line for an empty id.
        return ''
      }),
    getStreamIdForEventId: (eventId) => store.getStreamIdForEventId(sessionId, eventId),
    replayEventsAfter: (eventId, { send }) =>
      store.replayEventsAfter(sessionId, eventId, (id, message) =>
        // What was stored was a message the SDK sent: the store gives it back as it was.
        send(id, message as JSONRPCMessage),
      ),
  }
}
