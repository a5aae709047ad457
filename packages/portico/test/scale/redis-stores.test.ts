import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { connectRedis, type RedisClient } from '../../src/stores/connect-redis.js'
import { createRedisEventStore } from '../../src/stores/create-redis-event-store.js'
import { createRedisSessionStore } from '../../src/stores/create-redis-session-store.js'
import type { McpEventMessage } from '../../src/stores/mcp-event-store.js'
import { pollUntil } from '../support/cli-process.js'
import { fixtureDir, servePlugin } from '../support/serve-plugin.js'

let redis: RedisServer
let client: RedisClient

beforeAll(async () => {
  redis = await startRedisServer()
  client = await connectRedis(redis.url)
})
afterAll(async () => {
  if (client?.isOpen) await client.close()
  await redis?.stop()
})

/** Every event of a session's stream after `eventId`, as the SDK's transport replays them. */
async function replayed(
  store: ReturnType<typeof createRedisEventStore>,
  sessionId: string,
  eventId: string,
) {
  const sent: [string, McpEventMessage][] = []
  const streamId = await store.replayEventsAfter(sessionId, eventId, async (id, message) => {
    sent.push([id, message])
  })
  return { streamId, sent }
}

describe('the Redis event store', () => {
  // Made in each test: the client connects in beforeAll, after the suite is collected.
  const storeOf = () => createRedisEventStore(client, { prefix: 'events-test:', idleMs: 60_000 })

  it('names the stream in each event id, and replays the events after one, on its stream only', async () => {
    const events = storeOf()
    const first = await events.storeEvent('s1', 'stream-a', {})
    const second = await events.storeEvent('s1', 'stream-a', { jsonrpc: '2.0', method: 'one' })
    await events.storeEvent('s1', 'stream-b', { jsonrpc: '2.0', method: 'elsewhere' })
    const third = await events.storeEvent('s1', 'stream-a', { jsonrpc: '2.0', id: 1, result: {} })
    expect(first).toMatch(/^stream-a\/\d+-\d+$/)
    expect(await events.getStreamIdForEventId('s1', second)).toBe('stream-a')
    expect(await replayed(events, 's1', first)).toEqual({
      streamId: 'stream-a',
      sent: [
        [second, { jsonrpc: '2.0', method: 'one' }],
        [third, { jsonrpc: '2.0', id: 1, result: {} }],
      ],
    })
  })

  it("knows no event of another session's, nor a malformed id", async () => {
    const events = storeOf()
    const theirs = await events.storeEvent('theirs', 'stream-c', {})
    expect(await events.getStreamIdForEventId('mine', theirs)).toBeUndefined()
    for (const id of ['', 'stream-c', 'stream-c/abc', '../x/1-0', `${'a'.repeat(65)}/1-0`]) {
      expect(await events.getStreamIdForEventId('theirs', id)).toBeUndefined()
    }
    await expect(events.replayEventsAfter('theirs', 'nonsense', async () => {})).rejects.toThrow(
      'No event nonsense in session theirs',
    )
  })

  it('keeps the last events of each stream, and lets every key expire with the idle time', async () => {
    const events = createRedisEventStore(client, {
      prefix: 'bounded:',
      idleMs: 5_000,
      maxEventsPerStream: 3,
    })
    const ids: string[] = []
    for (let index = 0; index < 5; index++) {
      ids.push(await events.storeEvent('s', 'stream', { jsonrpc: '2.0', method: `m${index}` }))
    }
    expect(await client.xLen('bounded:events:s:stream')).toBe(3)
    const { sent } = await replayed(events, 's', ids[1] ?? '')
    expect(sent.map(([, message]) => message.method)).toEqual(['m2', 'm3', 'm4'])
    for (const key of ['bounded:events:s:stream', 'bounded:streams:s']) {
      const ttl = await client.pTTL(key)
      expect(ttl).toBeGreaterThan(4_000)
      expect(ttl).toBeLessThanOrEqual(5_000)
    }
  })

  it("deletes every key of a session, and no other session's", async () => {
    const events = createRedisEventStore(client, { prefix: 'delete:', idleMs: 60_000 })
    await events.storeEvent('gone', 'a', {})
    await events.storeEvent('gone', 'b', {})
    await events.storeEvent('kept', 'a', {})
    await events.deleteSession('gone')
    expect((await client.keys('delete:*')).sort()).toEqual([
      'delete:events:kept:a',
      'delete:streams:kept',
    ])
  })
  it("keeps a call's request id beside its events, with a lease that lapses unless renewed", async () => {
    const events = storeOf()
    await events.storeEvent('s4', 'call-stream', {})
    await events.leaseCall?.('s4', 'call-stream', 'req-7', 200)
    expect(await events.findCall?.('s4', 'call-stream')).toEqual({
      requestId: 'req-7',
      running: true,
    })
    const lapsed = async () => (await events.findCall?.('s4', 'call-stream'))?.running === false
    await pollUntil(async () => ((await lapsed()) ? true : undefined))
    // Lapsed, not forgotten: the id stays with the events, for the error that answers it.
    expect(await events.findCall?.('s4', 'call-stream')).toEqual({
      requestId: 'req-7',
      running: false,
    })
    await events.leaseCall?.('s4', 'call-stream', 7, 60_000)
    await events.endCall?.('s4', 'call-stream')
    expect(await events.findCall?.('s4', 'call-stream')).toBeUndefined()
    await events.leaseCall?.('s4', 'call-stream', 8, 60_000)
    await events.deleteSession('s4')
    expect(await client.keys('events-test:*s4*')).toEqual([])
  })
})

describe('the Redis session store', () => {
  const record = {
    server: '',
    uid: 'alice',
    initialize: { protocolVersion: '2025-11-25', capabilities: {} },
    streams: true,
  }

  it('keeps a session for the idle time, renewed by find and touch', async () => {
    const sessions = createRedisSessionStore(client, { prefix: 'sessions:', idleMs: 5_000 })
    await sessions.create('s1', record)
    await client.pExpire('sessions:session:s1', 1_000)
    expect(await sessions.find('s1')).toEqual(record)
    expect(await client.pTTL('sessions:session:s1')).toBeGreaterThan(4_000)
    await client.pExpire('sessions:session:s1', 1_000)
    await sessions.touch('s1')
    expect(await client.pTTL('sessions:session:s1')).toBeGreaterThan(4_000)
    expect(await sessions.find('never')).toBeUndefined()
  })

  it('updates a session in place, and never brings back one that ended', async () => {
    const sessions = createRedisSessionStore(client, { prefix: 'update:', idleMs: 60_000 })
    await sessions.create('s1', record)
    await client.pExpire('update:session:s1', 30_000)
    await sessions.update('s1', { ...record, logLevel: 'debug' })
    expect(await client.pTTL('update:session:s1')).toBeLessThanOrEqual(30_000)
    expect(await sessions.find('s1')).toEqual({ ...record, logLevel: 'debug' })
    await sessions.delete('s1')
    await sessions.update('s1', record)
    expect(await sessions.find('s1')).toBeUndefined()
  })
})

describe('readiness with a shared session store', () => {
  it('stays ready while Redis cannot be reached, and reports the store unavailable', async () => {
    const own = await startRedisServer()
    const ownClient = await connectRedis(own.url)
    const sessionStore = createRedisSessionStore(ownClient, {
      prefix: 'ready-test:',
      idleMs: 60_000,
    })
    const served = await servePlugin(fixtureDir('limits-plugin'), { mcp: { sessionStore } })
    const ask = async () => {
      const response = await fetch(`${served.url}/readyz`)
      return { status: response.status, body: await response.json() }
    }
    try {
      expect(await ask()).toEqual({
        status: 200,
        body: { status: 'ready', sessionStore: 'available' },
      })
      await own.stop()
      await pollUntil(async () =>
        (await ask()).body.sessionStore === 'unavailable' ? true : undefined,
      )
      expect(await ask()).toEqual({
        status: 200,
        body: { status: 'ready', sessionStore: 'unavailable' },
      })
    } finally {
      await served.close()
      ownClient.destroy()
    }
  })
})
