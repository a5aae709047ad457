import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createClient } from '@redis/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import { buildPlugin } from '../support/build-plugin.js'
import { copyPlugin } from '../support/cli-process.js'
import { rawMcp, type SseEvent, sseEvents, toolsCallBody } from '../support/raw-mcp.js'
import {
  type BuiltPlugin,
  killReplica,
  type ReplicaProcess,
  replicaPluginDir,
  startReplicas,
  stopReplicas,
} from './replicas.js'

// Stateful calls that lose what would answer them: the Redis that keeps their events (killed,
// or full), or the replica that runs them (SIGKILL). Each is answered, within a bound far below
// a client's own timeout, instead of leaving the client waiting.

/** What a client of a stateful call waits at most here: far below the SDK client's 60 s. */
const ANSWER_WITHIN_MS = 15_000

let plugin: BuiltPlugin
let redis: RedisServer | undefined
let replicas: ReplicaProcess[] = []

beforeAll(async () => {
  plugin = await copyPlugin(replicaPluginDir)
  // Stateful, and sheds no load: a busy test machine would otherwise refuse a handshake with
  // 503 now and then, which is not what these tests are about.
  await writeFile(
    join(plugin.dir, 'portico.config.ts'),
    "export default { title: 'Replica', mcp: { sessions: 'stateful' }, limits: { eventLoopDelayMs: 0 } }\n",
  )
  await buildPlugin(plugin.dir)
}, 60_000)
afterAll(() => plugin?.remove())
afterEach(async () => {
  await stopReplicas(replicas.filter((replica) => replica.cli.child.exitCode === null))
  replicas = []
  await redis?.stop()
  redis = undefined
})

/** Starts a fresh Redis and `count` replicas sharing their sessions through it. */
async function startCluster(count: number): Promise<ReplicaProcess[]> {
  redis = await startRedisServer()
  replicas = await startReplicas(plugin.dir, count, { PORTICO_REDIS_URL: redis.url })
  return replicas
}

/**
 * Reads an SSE body to its end, failing if it is still open after `withinMs`: its events, and
 * how long the reading took.
 */
async function readToEnd(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  withinMs = ANSWER_WITHIN_MS,
  text = '',
): Promise<{ events: SseEvent[]; ms: number }> {
  const started = performance.now()
  const decoder = new TextDecoder()
  const timeout = setTimeout(() => void reader.cancel('too slow'), withinMs)
  let body = text
  try {
    for (;;) {
      const chunk = await reader.read()
      if (chunk.done) break
      body += decoder.decode(chunk.value, { stream: true })
    }
  } finally {
    clearTimeout(timeout)
  }
  const ms = performance.now() - started
  if (ms >= withinMs) throw new Error(`The stream was still open after ${withinMs} ms:\n${body}`)
  return { events: sseEvents(body), ms }
}

describe('a stateful call whose result cannot be stored in Redis', () => {
  const breakings = [
    { name: 'Redis killed', breakRedis: (server: RedisServer) => server.stop() },
    {
      name: 'Redis full (maxmemory)',
      async breakRedis(server: RedisServer) {
        const admin = createClient({ url: server.url })
        await admin.connect()
        await admin.configSet({ maxmemory: '1', 'maxmemory-policy': 'noeviction' })
        await admin.close()
      },
    },
  ]

  it.each(breakings)(
    'is answered on its open stream, which then ends: $name',
    async ({ breakRedis }) => {
      const [replica] = await startCluster(1)
      if (!replica || !redis) throw new Error('no cluster')
      const session = await rawMcp(replica.url).open()
      const response = await session.post(toolsCallBody(1, 'Replica_wait', { ms: 1_000 }))
      expect(response.status).toBe(200)
      const reader = response.body?.getReader()
      if (!reader) throw new Error('no body')
      // The priming event is stored while Redis works; the result comes after Redis broke.
      const priming = new TextDecoder().decode((await reader.read()).value)
      expect(sseEvents(priming)[0]?.id).toMatch(/^[\w-]+\/\d+-\d+$/)
      await breakRedis(redis)
      const { events } = await readToEnd(reader)
      const [answer] = events.filter((event) => event.message !== undefined)
      expect(answer).toEqual({
        // Sent without an id: it could not be stored, so it cannot be replayed.
        message: {
          jsonrpc: '2.0',
          id: 1,
          result: expect.objectContaining({
            structuredContent: { waited: 1_000, pid: replica.cli.child.pid },
          }),
        },
      })
    },
  )
})

describe('a stateful call whose replica was killed', () => {
  const STOPPED = { code: -32603, message: 'the replica running this call stopped' }

  it('is answered with an error on the replica the client resumes on, which then ends the stream', async () => {
    const [owner, other] = await startCluster(2)
    if (!owner || !other) throw new Error('no cluster')
    const { session } = await rawMcp(owner.url).open()
    const primingId = await rawMcp(owner.url, { session }).postAndLoseStream(
      toolsCallBody(2, 'Replica_wait', { ms: 120_000 }),
    )
    await killReplica(owner)
    const resumed = await rawMcp(other.url, { session }).get({ 'last-event-id': primingId })
    expect(resumed.status).toBe(200)
    const reader = resumed.body?.getReader()
    if (!reader) throw new Error('no body')
    const { events } = await readToEnd(reader)
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^[\w-]+\/\d+-\d+$/),
        message: { jsonrpc: '2.0', id: 2, error: STOPPED },
      },
    ])
    // Stored with the stream's events: a later resume gets it at once.
    const again = await rawMcp(other.url, { session }).get({ 'last-event-id': primingId })
    expect(sseEvents(await again.text()).map((event) => event.message)).toEqual([
      { jsonrpc: '2.0', id: 2, error: STOPPED },
    ])
  })

  it("fails the official client's call with that error, not its own timeout", async () => {
    const [owner, other] = await startCluster(2)
    if (!owner || !other) throw new Error('no cluster')
    let killed = false
    // Every request goes to the owner until it is killed, then to the other replica.
    const routed = (input: string | URL | Request, init?: RequestInit) => {
      const target = new URL(String(input))
      target.port = String((killed ? other : owner).port)
      return fetch(target, init)
    }
    const client = new Client({ name: 'portico-tests', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${owner.url}/mcp`), {
        fetch: routed as typeof fetch,
      }),
    )
    try {
      const started = performance.now()
      const call = client.callTool(
        { name: 'Replica_wait', arguments: { ms: 120_000 } },
        { timeout: 60_000 },
      )
      const settled = call.then(
        () => 'answered',
        (error: unknown) => error,
      )
      await new Promise((resolve) => setTimeout(resolve, 500))
      killed = true
      await killReplica(owner)
      const outcome = await settled
      expect(outcome).toMatchObject({ code: STOPPED.code })
      expect(String(outcome)).toContain(STOPPED.message)
      expect(performance.now() - started).toBeLessThan(ANSWER_WITHIN_MS)
    } finally {
      await client.close()
    }
  }, 90_000)
})
