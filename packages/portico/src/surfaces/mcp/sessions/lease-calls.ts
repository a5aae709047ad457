import { logger } from '../../../core/logger.js'
import type { McpEventMessage, McpEventStore } from '../../../stores/mcp-event-store.js'

/**
 * How long a call's lease holds unless renewed: how soon, after its replica stopped, a client
 * resuming the call's stream elsewhere gets an error instead of waiting. Renewed three times
 * within it, so one slow renewal does not let it lapse.
 */
const CALL_LEASE_MS = 6_000

/** The calls of one session that run in this process, as {@link leaseCalls} tracks them. */
export interface LeasedCalls {
  /** The session's event store, which leases each call whose first event it stores. */
  eventStore: McpEventStore
  /** Whether the call answered on `streamId` runs here. */
  runsHere(streamId: string): boolean
  /** Stops renewing every lease: the session closed here, its calls' answers go nowhere. */
  close(): void
}

/**
 * Records in a shared event store (one with `leaseCall`) who runs each call of a session: at the
 * first event stored on a call's stream (the priming event of 2025-11-25, else its first
 * message), the call's request id and a lease of {@link CALL_LEASE_MS}, renewed until its answer
 * is stored. Another replica that a client resumes the stream on then tells a call still
 * running from one whose replica stopped. `requestOf` names the request a stream answers, if
 * any (the session's `GET` stream answers none). A store without leases is used as it is.
 */
export function leaseCalls(
  store: McpEventStore,
  requestOf: (streamId: string) => string | number | undefined,
): LeasedCalls {
  const { leaseCall, endCall } = store
  const renewals = new Map<string, ReturnType<typeof setInterval>>()
  if (!leaseCall || !endCall) {
    return { eventStore: store, runsHere: () => false, close: () => {} }
  }
  const lease = (sessionId: string, streamId: string, requestId: string | number) =>
    leaseCall
      .call(store, sessionId, streamId, requestId, CALL_LEASE_MS)
      .catch(logFailure('Leasing'))
  const begin = (sessionId: string, streamId: string) => {
    const requestId = requestOf(streamId)
    if (requestId === undefined) return
    // Sent ahead of the event on the same connection: the lease is there before the event's id
    // reaches the client.
    void lease(sessionId, streamId, requestId)
    const renewal = setInterval(() => void lease(sessionId, streamId, requestId), CALL_LEASE_MS / 3)
    renewals.set(streamId, renewal.unref())
  }
  const end = (sessionId: string, streamId: string) => {
    clearInterval(renewals.get(streamId))
    renewals.delete(streamId)
    return endCall.call(store, sessionId, streamId).catch(logFailure('Ending'))
  }
  return {
    eventStore: {
      ...bound(store),
      async storeEvent(sessionId, streamId, message) {
        const answered = isResponse(message)
        if (!renewals.has(streamId) && !answered) begin(sessionId, streamId)
        try {
          return await store.storeEvent(sessionId, streamId, message)
        } finally {
          // After the answer is stored, so that a replica resuming the stream finds one or the other.
          if (answered && renewals.has(streamId)) await end(sessionId, streamId)
        }
      },
    },
    runsHere: (streamId) => renewals.has(streamId),
    close() {
      for (const renewal of renewals.values()) clearInterval(renewal)
      renewals.clear()
    },
  }
}

/** The store's methods, each bound to it. */
function bound(store: McpEventStore): McpEventStore {
  return {
    storeEvent: store.storeEvent.bind(store),
    getStreamIdForEventId: store.getStreamIdForEventId.bind(store),
    replayEventsAfter: store.replayEventsAfter.bind(store),
    deleteSession: store.deleteSession.bind(store),
  }
}

/** Whether a message is a JSON-RPC response (a result or an error), which ends its call. */
export function isResponse(message: McpEventMessage): boolean {
  return 'id' in message && ('result' in message || 'error' in message)
}

function logFailure(doing: string): (error: unknown) => void {
  return (error) => logger.error(`${doing} the lease of an MCP call failed:`, error)
}
