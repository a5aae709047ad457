import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedisServer } from '../../../hub/test/support/redis-server.js'
import type { PluginModel } from '../../src/model/plugin-model.js'
import {
  connectSharedStores,
  type SharedSessionStores,
} from '../../src/stores/connect-shared-stores.js'
import { createBareModel } from '../support/example-model-fixture.js'
import {
  INVALID_EVENT_ID,
  rawMcp,
  SESSION_NOT_FOUND,
  sseEvents,
  toolsCallBody,
} from '../support/raw-mcp.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'
import { REPLICA_TOOLS } from './call-many.js'
import { replicaPluginDir } from './replicas.js'

// Two apps in this process play two replicas that share one Redis: what `portico start` does
// with PORTICO_REDIS_URL, observed request by request (the nginx suites run real processes).

const IDLE_MS = 60_000

/** A stateful plugin's model, as `connectSharedStores` reads it. */
function statefulModel(name: string, idleMs = IDLE_MS): PluginModel {
  const model = createBareModel()
  return {
    ...model,
    identity: { ...model.identity, name },
    config: {
      ...model.config,
      mcp: { ...model.config.mcp, sessions: 'stateful' },
      limits: { ...model.config.limits, mcpSessionIdleMs: idleMs },
    },
  }
}

/** The JSON-RPC messages of an SSE answer (priming events left out). */
async function messagesOf(response: Response): Promise<unknown[]> {
  return sseEvents(await response.text()).flatMap((event) =>
    event.message === undefined ? [] : [event.message],
  )
}

/** Reads an open SSE stream until a message of `method` arrives. */
async function nextMessage(
  reader: ReadableStreamDefaultReader<string>,
  method: string,
): Promise<{ id?: string | number; method: string }> {
  let text = ''
  for (;;) {
    const chunk = await reader.read()
    if (chunk.done) throw new Error(`The stream ended before ${method}:\n${text}`)
    text += chunk.value
    const found = sseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2))
      .map((event) => event.message as { id?: string | number; method?: string } | undefined)
      .find((message) => message?.method === method)
    if (found) return { ...found, method }
  }
}

let redis: RedisServer
let raw: ReturnType<typeof createClient>
const lifetime = new AbortController()
let stores: SharedSessionStores
let a: ServedPlugin
let b: ServedPlugin

beforeAll(async () => {
  redis = await startRedisServer()
  raw = createClient({ url: redis.url })
  await raw.connect()
  const connected = await connectSharedStores(
    { PORTICO_REDIS_URL: redis.url },
    statefulModel('shared'),
    lifetime.signal,
  )
  if (!connected) throw new Error('A stateful plugin with PORTICO_REDIS_URL shares its sessions')
  stores = connected
  ;[a, b] = await Promise.all([
    servePlugin(replicaPluginDir, { mcp: stores }),
    servePlugin(replicaPluginDir, { mcp: stores }),
  ])
})
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()])
  lifetime.abort()
  if (raw?.isOpen) await raw.close()
  await redis?.stop()
})

describe('stateful sessions shared through Redis, between two apps', () => {
  it('serves on one app a session the other opened, and keeps its record with the idle TTL', async () => {
    const { session: id } = await rawMcp(a.url).open()
    const response = await rawMcp(b.url, { session: id }).post(
      toolsCallBody(1, 'Replica_wait', { ms: 1 }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('mcp-session-id')).toBe(id)
    expect(await messagesOf(response)).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [{ type: 'text', text: JSON.stringify({ waited: 1, pid: process.pid }) }],
          structuredContent: { waited: 1, pid: process.pid },
        },
      },
    ])
    const record = JSON.parse((await raw.get(`portico:shared:session:${id}`)) ?? 'null')
    expect(record).toEqual({
      server: '',
      initialize: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
      streams: true,
    })
    const ttl = await raw.pTTL(`portico:shared:session:${id}`)
    expect(ttl).toBeGreaterThan(IDLE_MS - 5_000)
    expect(ttl).toBeLessThanOrEqual(IDLE_MS)
  })

  it('applies on each app the log level the client set through the other', async () => {
    const { session } = await rawMcp(a.url).open()
    const setLevel = (url: string, level: string) =>
      rawMcp(url, { session })
        .post({ jsonrpc: '2.0', id: 3, method: 'logging/setLevel', params: { level } })
        .then((response) => response.text())
    const say = async (url: string, level: string) =>
      messagesOf(
        await rawMcp(url, { session }).post(
          toolsCallBody(4, 'Replica_say', { level, text: `${level} line` }),
        ),
      )
    await setLevel(a.url, 'warning')
    // B takes the session over after the level was set: the level comes with the record.
    expect(await say(b.url, 'info')).toHaveLength(1)
    expect(await say(b.url, 'warning')).toHaveLength(2)
    await setLevel(b.url, 'debug')
    // A held the session at `warning`: B's change reaches it through the record.
    const [log] = await say(a.url, 'info')
    expect(log).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'info line' },
    })
  })

  it('replays on one app what a stream lost on the other sent meanwhile, from Last-Event-ID', async () => {
    const onA = await rawMcp(a.url).open()
    const primingId = await onA.postAndLoseStream(toolsCallBody(5, 'Replica_wait', { ms: 300 }))
    expect(primingId).toMatch(/^[\w-]+\/\d+-\d+$/)
    const onB = rawMcp(b.url, { session: onA.session })
    expect(await onB.resumeUntilAnswered(primingId)).toEqual([
      {
        id: expect.stringMatching(/^[\w-]+\/\d+-\d+$/),
        message: expect.objectContaining({ id: 5, result: expect.any(Object) }),
      },
    ])
  })

  it("refuses a Last-Event-ID of another session's stream with 400, replaying nothing", async () => {
    const [mine, theirs] = await Promise.all([rawMcp(a.url).open(), rawMcp(a.url).open()])
    const [theirPriming] = sseEvents(
      await (await theirs.post(toolsCallBody(6, 'Replica_wait', { ms: 1 }))).text(),
    )
    const mineOnB = rawMcp(b.url, { session: mine.session })
    for (const lastEventId of [theirPriming?.id ?? '', '../../x/1-0', 'not an id']) {
      const replay = await mineOnB.get({ 'last-event-id': lastEventId })
      expect(replay.status).toBe(400)
      expect(await replay.json()).toEqual(INVALID_EVENT_ID)
    }
  })

  it('ends a session everywhere on DELETE: both apps answer 404, and Redis keeps nothing of it', async () => {
    const { session: id } = await rawMcp(a.url).open()
    for (const url of [a.url, b.url]) {
      const called = await rawMcp(url, { session: id }).post(
        toolsCallBody(7, 'Replica_wait', { ms: 1 }),
      )
      expect(called.status).toBe(200)
      await called.text()
    }
    expect((await raw.keys(`portico:shared:*${id}*`)).length).toBeGreaterThanOrEqual(2)
    const ended = await rawMcp(b.url, { session: id }).delete()
    expect(ended.status).toBe(200)
    for (const url of [a.url, b.url]) {
      const response = await rawMcp(url, { session: id }).post(
        toolsCallBody(8, 'Replica_wait', { ms: 1 }),
      )
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual(SESSION_NOT_FOUND)
    }
    expect(await raw.keys(`portico:shared:*${id}*`)).toEqual([])
  })

  it('answers an id Redis does not hold with 404 on either app, malformed ones included', async () => {
    for (const id of [crypto.randomUUID(), '../../etc/passwd', 'a'.repeat(2_000)]) {
      const response = await rawMcp(b.url, { session: id }).post(
        toolsCallBody(9, 'Replica_wait', { ms: 1 }),
      )
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual(SESSION_NOT_FOUND)
    }
  })

  it('serves the official client when its requests alternate between the apps', async () => {
    let turn = 0
    const seen = new Set<string>()
    const alternating = (input: string | URL | Request, init?: RequestInit) => {
      const target = new URL(String(input))
      const served = new URL(++turn % 2 === 0 ? a.url : b.url)
      target.port = served.port
      seen.add(served.port)
      return fetch(target, init)
    }
    const client = new Client({ name: 'portico-tests', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), {
        fetch: alternating as typeof fetch,
      }),
    )
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual(REPLICA_TOOLS)
      for (let index = 0; index < 20; index++) {
        const result = await client.callTool({ name: 'Replica_wait', arguments: { ms: index } })
        expect(result.structuredContent).toEqual({ waited: index, pid: process.pid })
      }
      expect(seen.size).toBe(2)
    } finally {
      await client.close()
    }
  })

  it('keeps serving a session through one app after the other closed', async () => {
    const { url: closingUrl, close } = await servePlugin(replicaPluginDir, { mcp: stores })
    const { session } = await rawMcp(closingUrl).open()
    await close()
    // Closing an app ends what it holds, not the sessions it shares.
    const response = await rawMcp(b.url, { session }).post(
      toolsCallBody(10, 'Replica_wait', { ms: 1 }),
    )
    expect(response.status).toBe(200)
    await response.text()
  })
})

describe('the idle expiry of shared sessions', () => {
  const plugins = useTempPlugins('shared-idle')
  const lifetimes = new AbortController()
  let first: ServedPlugin
  let second: ServedPlugin

  beforeAll(async () => {
    const dir = await plugins.plugin({
      'package.json': '{ "name": "idle", "version": "1.0.0", "type": "module" }\n',
      'portico.config.ts':
        "export default { mcp: { sessions: 'stateful' }, limits: { mcpSessionIdleMs: 400 } }\n",
      'tools/clock.ts': `/** Time. */
export class Clock {
  /** Answers at once. */
  async now(_input: Record<string, never>): Promise<{ ok: boolean }> {
    return { ok: true }
  }
}
`,
    })
    const idleStores = await connectSharedStores(
      { PORTICO_REDIS_URL: redis.url },
      statefulModel('idle', 400),
      lifetimes.signal,
    )
    ;[first, second] = await Promise.all([
      servePlugin(dir, { mcp: idleStores ?? {} }),
      servePlugin(dir, { mcp: idleStores ?? {} }),
    ])
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()])
    lifetimes.abort()
  })

  const now = (url: string, session: string) =>
    rawMcp(url, { session })
      .post(toolsCallBody(13, 'Clock_now', {}))
      .then(async (response) => {
        await response.text()
        return response.status
      })

  it('ends a session no replica used for the idle time, on every replica', async () => {
    const { session: id } = await rawMcp(first.url).open()
    expect(await now(second.url, id)).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 900))
    expect([await now(first.url, id), await now(second.url, id)]).toEqual([404, 404])
  })

  it('keeps a session whose stream is open on one replica alive for the others', async () => {
    const onFirst = await rawMcp(first.url).open()
    const id = onFirst.session
    const stream = await onFirst.get()
    expect(stream.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 900))
    expect(await now(second.url, id)).toBe(200)
    await stream.body?.cancel()
  })
})

describe('shared sessions of an authenticated plugin', () => {
  let issuer: TestIssuer
  let first: ServedPlugin
  let second: ServedPlugin
  const AUDIENCE = 'https://shared.example.com'
  const mint = (sub: string) => issuer.mint({ sub, scope: 'notes.read' }, { audience: AUDIENCE })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  beforeAll(async () => {
    issuer = await startTestIssuer()
    const dir = fixtureDir('auth-sessions-plugin')
    const auth = await authSettingsFromEnv(dir, {
      OAUTH_ISSUER: issuer.issuer,
      OAUTH_AUDIENCE: AUDIENCE,
      OAUTH_SCOPE: 'notes.read',
    })
    ;[first, second] = await Promise.all([
      servePlugin(dir, { auth, mcp: stores }),
      servePlugin(dir, { auth, mcp: stores }),
    ])
  })
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), issuer?.close()])
  })

  it("restores the client's capabilities: a tool elicits on the app that took the session over", async () => {
    const alice = bearer(await mint('alice'))
    const opened = await rawMcp(first.url, { headers: alice }).post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { elicitation: {} },
        clientInfo: { name: 'raw', version: '1' },
      },
    })
    await opened.text()
    const id = opened.headers.get('mcp-session-id') ?? ''
    const onSecond = rawMcp(second.url, { session: id, headers: alice })
    // The SDK asks on the session's GET stream: opened, as clients do, on the app that calls.
    const stream = await onSecond.get()
    expect(stream.status).toBe(200)
    const events = stream.body?.pipeThrough(new TextDecoderStream()).getReader()
    if (!events) throw new Error('no body')
    const confirm = await onSecond.post(toolsCallBody(12, 'Me_confirm', {}))
    const asked = await nextMessage(events, 'elicitation/create')
    const answered = await onSecond.post({
      jsonrpc: '2.0',
      id: asked.id,
      result: { action: 'accept', content: { ok: true } },
    })
    expect(answered.status).toBe(202)
    expect((await messagesOf(confirm)).at(-1)).toMatchObject({
      id: 12,
      result: { structuredContent: { action: 'accept', ok: true } },
    })
    await events.cancel()
  })

  it("refuses a session to another user's token on the app that takes it over (404)", async () => {
    const { session } = await rawMcp(first.url, { headers: bearer(await mint('alice')) }).open()
    const whoami = async (token: string) =>
      rawMcp(second.url, { session }).post(toolsCallBody(11, 'Me_whoami', {}), bearer(token))
    const bob = await whoami(await mint('bob'))
    expect(bob.status).toBe(404)
    expect(await bob.json()).toEqual(SESSION_NOT_FOUND)
    const alice = await whoami(await mint('alice'))
    expect(alice.status).toBe(200)
    expect((await messagesOf(alice)).at(-1)).toMatchObject({
      result: { structuredContent: { uid: 'alice' } },
    })
  })
})

describe('connecting the shared stores', () => {
  it('fails at start, naming the variable and the URL without its password, when Redis is down', async () => {
    const stopped = await startRedisServer()
    await stopped.stop()
    const url = `redis://user:secret@127.0.0.1:${stopped.port}`
    await expect(
      connectSharedStores({ PORTICO_REDIS_URL: url }, statefulModel('down'), lifetime.signal),
    ).rejects.toThrow(
      `PORTICO_REDIS_URL: Cannot connect to Redis at redis://user@127.0.0.1:${stopped.port}: connect ECONNREFUSED`,
    )
  })

  it('shares nothing without PORTICO_REDIS_URL, or for a stateless plugin', async () => {
    expect(await connectSharedStores({}, statefulModel('none'), lifetime.signal)).toBeUndefined()
    expect(
      await connectSharedStores(
        { PORTICO_REDIS_URL: redis.url },
        createBareModel(),
        lifetime.signal,
      ),
    ).toBeUndefined()
  })
})
