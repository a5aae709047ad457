import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { connectRedis, type RedisClient } from '../../src/stores/connect-redis.js'
import { createRedisEventStore } from '../../src/stores/create-redis-event-store.js'
import { createRedisSessionStore } from '../../src/stores/create-redis-session-store.js'
import { pollUntil } from '../support/cli-process.js'
import { initializeBody, type RawMcpSession, rawMcp, toolsCallBody } from '../support/raw-mcp.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

// A stateful plugin whose sessions are in a real redis-server, which each test then stops,
// pauses (SIGSTOP) or fills (maxmemory): stateful requests must fail alone, fast, with 503 and
// Retry-After and without Redis' words; readiness reports the store and stays ready.

/** The property under test: well above the command timeout (1 s), far below the 40 s seen. */
const ANSWER_WITHIN_MS = 5_000

let redis: RedisServer
let client: RedisClient
let served: ServedPlugin

beforeEach(async () => {
  redis = await startRedisServer()
  client = await connectRedis(redis.url)
  const options = { prefix: 'faults:', idleMs: 60_000 }
  served = await servePlugin(fixtureDir('limits-plugin'), {
    mcp: {
      sessionStore: createRedisSessionStore(client, options),
      eventStore: createRedisEventStore(client, options),
    },
  })
})
afterEach(async () => {
  await served?.close()
  client?.destroy()
  await redis?.stop()
})

/** `answer()`, and how long it took. */
async function timed<T>(answer: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await answer()
  return { value, ms: performance.now() - started }
}

const readiness = async () => {
  const response = await fetch(`${served.url}/readyz`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The answer of Portico to a stateful request while the session store is down. */
async function expectStoreUnavailable(response: Response): Promise<void> {
  const text = await response.text()
  expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
    status: 503,
    retryAfter: '1',
  })
  expect(JSON.parse(text)).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32603,
      message: 'Service Unavailable: the session store is unavailable, retry later',
    },
  })
}

/** A session call (SSE answer, as the official client asks) and a new session's initialize. */
async function statefulRequests(session: RawMcpSession): Promise<Response[]> {
  const call = await session.post(toolsCallBody(2, 'Work_ping'))
  const opening = await rawMcp(served.url).post(initializeBody())
  return [call, opening]
}

/** A 2026-07-28 call and a REST call, which need no session. */
async function expectStatelessServed(): Promise<void> {
  const modern = await rawMcp(served.url, { era: '2026' }).request('tools/call', {
    name: 'Work_ping',
    arguments: {},
  })
  expect(modern.status).toBe(200)
  const rest = await fetch(`${served.url}/api/Work/ping`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(rest.status).toBe(200)
}

describe('stateful sessions with Redis paused (SIGSTOP)', () => {
  it('answer 503 + Retry-After within 5 s, readiness stays ready and reports the store, and all recovers on SIGCONT', async () => {
    const session = await rawMcp(served.url).open()
    const primingId = await session.postAndLoseStream(toolsCallBody(1, 'Work_ping'))
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ready', sessionStore: 'available' },
    })
    redis.pause()
    try {
      const call = await timed(() => session.post(toolsCallBody(2, 'Work_ping')))
      const opening = await timed(() => rawMcp(served.url).post(initializeBody()))
      const resumed = await timed(() => session.get({ 'last-event-id': primingId }))
      for (const { value, ms } of [call, opening, resumed]) {
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS)
        await expectStoreUnavailable(value)
      }
      const ready = await timed(readiness)
      expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS)
      expect(ready.value).toEqual({
        status: 200,
        body: { status: 'ready', sessionStore: 'unavailable' },
      })
      await expectStatelessServed()
    } finally {
      redis.resume()
    }
    await pollUntil(async () =>
      (await readiness()).body.sessionStore === 'available' ? true : undefined,
    )
    const call = await session.request('tools/call', { name: 'Work_ping', arguments: {} })
    expect(call.status).toBe(200)
  })
})

describe('stateful sessions with Redis stopped', () => {
  it('answer 503 + Retry-After, not 500; readiness stays ready and reports the store', async () => {
    const session = await rawMcp(served.url).open()
    await redis.stop()
    for (const answer of await statefulRequests(session)) await expectStoreUnavailable(answer)
    const get = await session.get()
    await expectStoreUnavailable(get)
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ready', sessionStore: 'unavailable' },
    })
    await expectStatelessServed()
  })
})

describe('stateful sessions with Redis full (maxmemory, noeviction)', () => {
  it("never answer 400 Parse error nor show Redis' words: a session that cannot be kept is 503", async () => {
    const session = await rawMcp(served.url).open()
    // 1 MiB of data, then a limit below what Redis holds: every write that needs memory fails.
    const filler = 'x'.repeat(64 * 1024)
    for (let index = 0; index < 16; index++) await client.set(`filler:${index}`, filler)
    await client.configSet({ 'maxmemory-policy': 'noeviction', maxmemory: '1mb' })
    await expect(client.set('small', 'x')).rejects.toMatchObject({
      cause: { message: expect.stringContaining('OOM') },
    })
    const [call, opening] = await statefulRequests(session)
    await expectStoreUnavailable(opening as Response)
    // The session's record is still read: its call is either answered without its events kept
    // for a replay (item 1 of issue 29) or refused as above; never the SDK's catch-all.
    const callAnswer = call as Response
    if (callAnswer.status === 503) await expectStoreUnavailable(callAnswer)
    else {
      const text = await callAnswer.text()
      expect(text).not.toMatch(/OOM|maxmemory|Parse error/)
      expect({ status: callAnswer.status, result: text.includes('"result"') }).toEqual({
        status: 200,
        result: true,
      })
    }
    await expectStatelessServed()
  })
})
