import type { McpEventMessage, McpEventStore } from './mcp-event-store.js'

/** Options of {@link createMemoryEventStore}. */
export interface MemoryEventStoreOptions {
  /** Events kept per session, its oldest dropped first. Default 256. */
  maxEventsPerSession?: number
  /** Bytes of serialized events kept in all, the oldest dropped first. Default 16 MiB. */
  maxBytes?: number
}

/** A stored event: its session's events, for dropping it from there too. */
interface StoredEvent {
  events: SessionEvents
  eventId: string
  streamId: string
  json: string
  bytes: number
}

interface SessionEvents {
  /** The last event id issued: ids count up per session, so they say nothing about others. */
  last: number
  /** By event id, oldest first. */
  byId: Map<string, StoredEvent>
}

/**
 * The default {@link McpEventStore}: the recent events of this process's sessions, in memory.
 * Bounded twice, since a session may stream without end: per session (a client that lost its
 * stream wants the last moments back, not its history) and in all (large tool results).
 * Events are kept as JSON, which measures them and keeps them from changing after they were
 * sent.
 */
export function createMemoryEventStore(options: MemoryEventStoreOptions = {}): McpEventStore {
  const maxPerSession = options.maxEventsPerSession ?? 256
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024
  const sessions = new Map<string, SessionEvents>()
  /** Every stored event, oldest first, for the overall bound. */
  const all = new Set<StoredEvent>()
  let bytes = 0

  const drop = (event: StoredEvent) => {
    if (!all.delete(event)) return
    event.events.byId.delete(event.eventId)
    bytes -= event.bytes
  }
  const find = (sessionId: string, eventId: string) => sessions.get(sessionId)?.byId.get(eventId)

  return {
    async storeEvent(sessionId, streamId, message) {
      let events = sessions.get(sessionId)
      if (!events) {
        events = { last: 0, byId: new Map() }
        sessions.set(sessionId, events)
      }
      const eventId = String(++events.last)
      const json = JSON.stringify(message)
      const event = { events, eventId, streamId, json, bytes: Buffer.byteLength(json) }
      events.byId.set(eventId, event)
      all.add(event)
      bytes += event.bytes
      if (events.byId.size > maxPerSession) drop(events.byId.values().next().value as StoredEvent)
      for (const oldest of all) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
      return eventId
    },
    async getStreamIdForEventId(sessionId, eventId) {
      return find(sessionId, eventId)?.streamId
    },
    async replayEventsAfter(sessionId, eventId, send) {
      const from = find(sessionId, eventId)
      if (!from) throw new Error(`No event ${eventId} in session ${sessionId}`)
      let after = false
      for (const event of [...from.events.byId.values()]) {
        if (after && event.streamId === from.streamId) {
          await send(event.eventId, JSON.parse(event.json) as McpEventMessage)
        }
        after ||= event === from
      }
      return from.streamId
    },
    async deleteSession(sessionId) {
      const events = sessions.get(sessionId)
      if (!events) return
      for (const event of events.byId.values()) drop(event)
      sessions.delete(sessionId)
    },
  }
}
