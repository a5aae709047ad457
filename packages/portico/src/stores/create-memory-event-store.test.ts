import { describe, expect, it } from 'vitest'
import { createMemoryEventStore } from './create-memory-event-store.js'
import type { McpEventMessage, McpEventStore } from './mcp-event-store.js'

const message = (n: number): McpEventMessage => ({ jsonrpc: '2.0', method: 'n', params: { n } })

async function replay(store: McpEventStore, sessionId: string, eventId: string) {
  const sent: [string, McpEventMessage][] = []
  const streamId = await store.replayEventsAfter(sessionId, eventId, async (id, event) => {
    sent.push([id, event])
  })
  return { streamId, sent }
}

describe('createMemoryEventStore', () => {
  it('replays the events of the same stream after the one named, in order', async () => {
    const store = createMemoryEventStore()
    const first = await store.storeEvent('s', 'a', message(1))
    await store.storeEvent('s', 'b', message(2))
    const third = await store.storeEvent('s', 'a', message(3))
    const fourth = await store.storeEvent('s', 'a', message(4))
    expect(await store.getStreamIdForEventId('s', first)).toBe('a')
    expect(await replay(store, 's', first)).toEqual({
      streamId: 'a',
      sent: [
        [third, message(3)],
        [fourth, message(4)],
      ],
    })
  })

  it('keeps each session to itself: ids of one name nothing in another', async () => {
    const store = createMemoryEventStore()
    const mine = await store.storeEvent('mine', 'a', message(1))
    expect(await store.getStreamIdForEventId('theirs', mine)).toBeUndefined()
    await expect(replay(store, 'theirs', mine)).rejects.toThrow(
      `No event ${mine} in session theirs`,
    )
  })

  it('gives back a copy of what was stored, not the object', async () => {
    const store = createMemoryEventStore()
    const stored = message(1)
    const first = await store.storeEvent('s', 'a', {})
    await store.storeEvent('s', 'a', stored)
    stored.params = { n: 99 }
    expect((await replay(store, 's', first)).sent[0]?.[1]).toEqual(message(1))
  })

  it('drops the oldest events of a session beyond its bound', async () => {
    const store = createMemoryEventStore({ maxEventsPerSession: 2 })
    const ids = []
    for (const n of [1, 2, 3]) ids.push(await store.storeEvent('s', 'a', message(n)))
    expect(await store.getStreamIdForEventId('s', ids[0] as string)).toBeUndefined()
    expect((await replay(store, 's', ids[1] as string)).sent).toEqual([[ids[2], message(3)]])
  })

  it('drops the oldest events of any session beyond the bound in bytes', async () => {
    const size = Buffer.byteLength(JSON.stringify(message(1)))
    const store = createMemoryEventStore({ maxBytes: size * 2 })
    const old = await store.storeEvent('one', 'a', message(1))
    const kept = await store.storeEvent('two', 'a', message(2))
    await store.storeEvent('two', 'a', message(3))
    expect(await store.getStreamIdForEventId('one', old)).toBeUndefined()
    expect(await store.getStreamIdForEventId('two', kept)).toBe('a')
  })

  it('forgets a deleted session and numbers a new one of that id from the start', async () => {
    const store = createMemoryEventStore()
    const first = await store.storeEvent('s', 'a', message(1))
    await store.deleteSession('s')
    expect(await store.getStreamIdForEventId('s', first)).toBeUndefined()
    expect(await store.storeEvent('s', 'a', message(2))).toBe(first)
  })
})
