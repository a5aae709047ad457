import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryEventStore } from '../../src/stores/create-memory-event-store.js'
import type { McpEventStore } from '../../src/stores/mcp-event-store.js'
import {
  ERA_VERSION,
  INVALID_EVENT_ID,
  initializeBody,
  SESSION_NOT_FOUND as notFound,
  rawMcp,
  sseEvents,
  toolsCallBody,
  SESSION_ID as UUID,
} from '../support/raw-mcp.js'
import { rawRequest } from '../support/raw-request.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const CLOCK_TOOL = `/** Time. */
export class Clock {
  /** Waits, then says how long it waited. */
  async wait(input: { ms: number }): Promise<{ waited: number }> {
    await new Promise((resolve) => setTimeout(resolve, input.ms))
    return { waited: input.ms }
  }
}
`
const AUDIENCE = 'https://sessions.example.com'
const idRequired = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
  id: null,
}

const plugins = useTempPlugins('sessions')
const pluginWith = (config: string) =>
  plugins.plugin({
    'package.json': '{ "name": "sessions", "version": "1.0.0", "type": "module" }\n',
    'portico.config.ts': `export default ${config}\n`,
    'tools/clock.ts': CLOCK_TOOL,
  })

/** Every event a session stored or dropped, through the default store. */
function recordingStore(): McpEventStore & { stored: string[]; deleted: string[] } {
  const store = createMemoryEventStore()
  const stored: string[] = []
  const deleted: string[] = []
  return {
    ...store,
    stored,
    deleted,
    storeEvent(sessionId, streamId, message) {
      stored.push(sessionId)
      return store.storeEvent(sessionId, streamId, message)
    },
    deleteSession(sessionId) {
      deleted.push(sessionId)
      return store.deleteSession(sessionId)
    },
  }
}

let stateful: ServedPlugin
let stateless: ServedPlugin
let limited: ServedPlugin
let expiring: ServedPlugin
let closing: ServedPlugin
const closingStore = recordingStore()
const statefulStore = recordingStore()

beforeAll(async () => {
  const [statefulDir, statelessDir, limitedDir, expiringDir] = await Promise.all([
    pluginWith("{ mcp: { sessions: 'stateful', servers: { clock: { classes: ['Clock'] } } } }"),
    pluginWith('{}'),
    pluginWith("{ mcp: { sessions: 'stateful' }, limits: { mcpSessions: 2 } }"),
    pluginWith("{ mcp: { sessions: 'stateful' }, limits: { mcpSessionIdleMs: 300 } }"),
  ])
  ;[stateful, stateless, limited, expiring, closing] = await Promise.all([
    servePlugin(statefulDir, { mcp: { eventStore: statefulStore } }),
    servePlugin(statelessDir),
    servePlugin(limitedDir),
    servePlugin(expiringDir),
    servePlugin(statefulDir, { mcp: { eventStore: closingStore } }),
  ])
})
afterAll(async () => {
  await Promise.all(
    [stateful, stateless, limited, expiring, closing].map((served) => served?.close()),
  )
})

const callWait = (id: number, ms: number) => toolsCallBody(id, 'Clock_wait', { ms })

const waitResult = (id: number, ms: number) => ({
  jsonrpc: '2.0',
  id,
  result: {
    content: [{ type: 'text', text: JSON.stringify({ waited: ms }) }],
    structuredContent: { waited: ms },
  },
})

/** A fetch that records each exchange: method, session header sent and received, status. */
function recordingFetch() {
  const exchanges: {
    method: string
    sent?: string
    got?: string
    status: number
    type?: string
  }[] = []
  const recording = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await fetch(input, init)
    const sent = new Headers(init?.headers).get('mcp-session-id')
    const got = response.headers.get('mcp-session-id')
    const type = response.headers.get('content-type')
    exchanges.push({
      method: init?.method ?? 'GET',
      ...(sent === null ? {} : { sent }),
      ...(got === null ? {} : { got }),
      status: response.status,
      ...(type === null ? {} : { type }),
    })
    return response
  }
  return { fetch: recording as typeof fetch, exchanges }
}

async function until<T>(probe: () => T | undefined, ms = 2_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(['2025-11-25', '2025-03-26'])('a stateful session in %s', (version) => {
  let client: Client
  let transport: StreamableHTTPClientTransport
  const recorder = recordingFetch()

  beforeAll(async () => {
    client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      { supportedProtocolVersions: [version] },
    )
    transport = new StreamableHTTPClientTransport(new URL(`${stateful.url}/mcp`), {
      fetch: recorder.fetch,
    })
    await client.connect(transport)
  })
  afterAll(() => client?.close())

  it('issues a session id on initialize and takes it on every later request', async () => {
    const id = transport.sessionId ?? ''
    expect(id).toMatch(UUID)
    expect(transport.protocolVersion).toBe(version)
    await client.listTools()
    const [initialize, ...later] = recorder.exchanges
    expect(initialize).toEqual({ method: 'POST', got: id, status: 200, type: 'text/event-stream' })
    expect(later.length).toBeGreaterThanOrEqual(2)
    for (const exchange of later) expect(exchange.sent).toBe(id)
  })

  it('lists and calls tools through the session, not the hot path', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['Clock_wait'])
    const result = await client.callTool({ name: 'Clock_wait', arguments: { ms: 1 } })
    expect(result.structuredContent).toEqual({ waited: 1 })
    // The hot path answers JSON without a session; the session answers as SSE streams.
    const answers = recorder.exchanges.filter(
      (exchange) => exchange.method === 'POST' && exchange.status === 200,
    )
    expect(answers.length).toBeGreaterThanOrEqual(3)
    for (const answer of answers) {
      expect(answer).toMatchObject({ got: transport.sessionId, type: 'text/event-stream' })
    }
  })

  it('accepts logging/setLevel', async () => {
    await expect(client.setLoggingLevel('debug')).resolves.toEqual({})
  })

  it('opens the GET stream of the session', async () => {
    const get = await until(() => recorder.exchanges.find((exchange) => exchange.method === 'GET'))
    expect(get).toEqual({
      method: 'GET',
      sent: transport.sessionId,
      got: transport.sessionId,
      status: 200,
      type: 'text/event-stream',
    })
  })

  it('ends the session on DELETE, after which its id is unknown (404)', async () => {
    const id = transport.sessionId ?? ''
    await transport.terminateSession()
    const response = await rawMcp(stateful.url, { session: id, version }).post({
      jsonrpc: '2.0',
      id: 9,
      method: 'ping',
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(notFound)
    expect(statefulStore.deleted).toContain(id)
  })
})

describe('requests of a stateful server', () => {
  const endpoint = () => `${stateful.url}/mcp`
  const mcp = (session?: string) => rawMcp(stateful.url, session === undefined ? {} : { session })

  it('answers an unknown session id with 404 and a JSON-RPC error', async () => {
    const response = await mcp(crypto.randomUUID()).post(callWait(1, 1))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual(notFound)
  })

  it.each([
    ['a path', '../../etc/passwd'],
    ['an 8 KB id', 'a'.repeat(8_192)],
    ['an id with spaces', 'not a session'],
  ])('answers a malformed session id (%s) with 404', async (_name, id) => {
    for (const method of ['POST', 'GET', 'DELETE']) {
      const response = await fetch(endpoint(), {
        method,
        headers: mcp(id).headers(),
        ...(method === 'POST' ? { body: JSON.stringify(callWait(1, 1)) } : {}),
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual(notFound)
    }
  })

  it('refuses headers over the server limit with 431 before they reach a session', async () => {
    const answer = await rawRequest(stateful.url, {
      method: 'POST',
      path: '/mcp',
      headers: mcp().headers({ 'mcp-session-id': 'a'.repeat(20_000) }),
      body: JSON.stringify(callWait(1, 1)),
    })
    expect(answer.status).toBe(431)
  })

  it('answers a 2025 request without a session id with 400, tools/call included', async () => {
    for (const body of [callWait(1, 1), { jsonrpc: '2.0', id: 1, method: 'tools/list' }]) {
      const response = await mcp().post(body, { 'mcp-protocol-version': ERA_VERSION['2025'] })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(idRequired)
    }
  })

  it('answers GET and DELETE without a session id with 400, other methods with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(endpoint(), {
        method,
        headers: { accept: 'text/event-stream' },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(idRequired)
    }
    const put = await fetch(endpoint(), { method: 'PUT', headers: mcp().headers(), body: '{}' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, POST, DELETE, OPTIONS')
  })

  it('serves the 2026-07-28 revision without sessions, as in stateless mode', async () => {
    const client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    )
    const recorder = recordingFetch()
    const transport = new StreamableHTTPClientTransport(new URL(endpoint()), {
      fetch: recorder.fetch,
    })
    await client.connect(transport)
    const result = await client.callTool({ name: 'Clock_wait', arguments: { ms: 1 } })
    expect(result.structuredContent).toEqual({ waited: 1 })
    await client.close()
    expect(recorder.exchanges.length).toBeGreaterThanOrEqual(2)
    for (const exchange of recorder.exchanges) {
      expect(exchange).toMatchObject({ method: 'POST', status: 200 })
      expect(exchange.got).toBeUndefined()
    }
  })

  it('answers each POST of a session as an SSE stream whose events are stored', async () => {
    const session = await mcp().open()
    const id = session.session
    const response = await session.post(callWait(3, 1))
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('mcp-session-id')).toBe(id)
    const events = sseEvents(await response.text())
    // The priming event, then the answer: each with an id to resume from.
    // After initialize's two (a priming event and the answer): a priming event, then the answer.
    expect(events).toEqual([{ id: '3' }, { id: '4', message: waitResult(3, 1) }])
    expect(statefulStore.stored.filter((session) => session === id)).toHaveLength(4)
  })

  it('answers a client that accepts only JSON with JSON bodies in its session', async () => {
    const json = { accept: 'application/json' }
    const opened = await mcp().post(initializeBody(), json)
    expect(opened.headers.get('content-type')).toBe('application/json')
    const id = opened.headers.get('mcp-session-id') ?? ''
    expect(id).toMatch(UUID)
    const called = await mcp(id).post(callWait(4, 1), json)
    expect(called.headers.get('content-type')).toBe('application/json')
    expect(await called.json()).toEqual(waitResult(4, 1))
  })

  it('replays what a client missed after it lost a stream, from Last-Event-ID', async () => {
    const session = await mcp().open()
    // The client goes away before the answer, which the session still stores.
    const primingId = await session.postAndLoseStream(callWait(7, 300))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const replay = await session.get({ 'last-event-id': primingId })
    expect(replay.status).toBe(200)
    expect(sseEvents(await replay.text())).toEqual([
      { id: expect.any(String), message: waitResult(7, 300) },
    ])
  })

  it("answers a Last-Event-ID of another session's with 400, replaying nothing", async () => {
    const [mine, theirs] = await Promise.all([mcp().open(), mcp().open()])
    const theirCall = await theirs.post(callWait(8, 1))
    const [theirPriming] = sseEvents(await theirCall.text())
    // Event ids count per session: theirs names no event of this session, which has fewer.
    const replay = await mine.get({ 'last-event-id': theirPriming?.id ?? '' })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual(INVALID_EVENT_ID)
  })

  it('refuses a batch in a session of a revision without batches, as stateless mode does', async () => {
    const session = await mcp().open()
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }]
    const refused = await session.post(batch)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Invalid Request: JSON-RPC batches are not part of protocol revision 2025-11-25',
      },
      id: null,
    })
    const accepted = await session.post(batch, { 'mcp-protocol-version': '2025-03-26' })
    expect(accepted.status).toBe(200)
    expect(sseEvents(await accepted.text()).at(-1)?.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    })
  })

  it('keeps no session of an initialize its transport refuses', async () => {
    const closedBefore = statefulStore.deleted.length
    const batch = [initializeBody('2025-03-26'), { jsonrpc: '2.0', id: 1, method: 'ping' }]
    const response = await mcp().post(batch, { 'mcp-protocol-version': '2025-03-26' })
    expect(response.status).toBe(400)
    expect(response.headers.get('mcp-session-id')).toBeNull()
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Invalid Request: Only one initialization request is allowed',
      },
      id: null,
    })
    expect(statefulStore.deleted).toHaveLength(closedBefore + 1)
  })

  it('answers a session only on the server that opened it', async () => {
    const { session } = await mcp().open()
    const elsewhere = await rawMcp(stateful.url, { path: '/mcp/clock', session }).post(
      callWait(1, 1),
    )
    expect(elsewhere.status).toBe(404)
    expect(await elsewhere.json()).toEqual(notFound)
  })
})

describe('the limits of stateful sessions', () => {
  it('refuses an initialize beyond the session limit with 503 and Retry-After', async () => {
    const first = await rawMcp(limited.url).open()
    await rawMcp(limited.url).open()
    const refused = await rawMcp(limited.url).post(initializeBody())
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Service Unavailable: too many open sessions, retry later' },
      id: null,
    })
    const ended = await first.delete()
    expect(ended.status).toBe(200)
    await rawMcp(limited.url).open()
  })

  it('closes a session left unused past the idle expiry', async () => {
    const session = await rawMcp(expiring.url).open()
    await new Promise((resolve) => setTimeout(resolve, 700))
    const response = await session.post({ jsonrpc: '2.0', id: 1, method: 'ping' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(notFound)
  })

  it('keeps a session whose GET stream is open past the idle expiry', async () => {
    const session = await rawMcp(expiring.url).open()
    const stream = await session.get()
    expect(stream.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 700))
    const response = await session.post({ jsonrpc: '2.0', id: 1, method: 'ping' })
    expect(response.status).toBe(200)
    expect(sseEvents(await response.text()).at(-1)).toEqual({
      id: expect.any(String),
      message: { jsonrpc: '2.0', id: 1, result: {} },
    })
    await stream.body?.cancel()
  })

  it('closes every session when the app closes', async () => {
    const ids = [
      (await rawMcp(closing.url).open()).session,
      (await rawMcp(closing.url).open()).session,
    ]
    await closing.close()
    expect(closingStore.deleted.sort()).toEqual(ids.sort())
  })
})

describe('the stateless default', () => {
  const endpoint = () => `${stateless.url}/mcp`

  it('issues no session id and answers tools/call on its own', async () => {
    const opened = await rawMcp(stateless.url).post(initializeBody())
    expect(opened.status).toBe(200)
    expect(opened.headers.get('mcp-session-id')).toBeNull()
    const called = await rawMcp(stateless.url).post(callWait(2, 1), {
      'mcp-protocol-version': ERA_VERSION['2025'],
    })
    expect(called.headers.get('content-type')).toBe('application/json')
    expect(await called.json()).toEqual(waitResult(2, 1))
  })

  it.each(['GET', 'DELETE'])('answers %s with 405 and Allow: POST, OPTIONS', async (method) => {
    const response = await fetch(endpoint(), {
      method,
      headers: { accept: 'text/event-stream', 'mcp-session-id': crypto.randomUUID() },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
  })
})

describe('stateful sessions of an authenticated plugin', () => {
  let issuer: TestIssuer
  let served: ServedPlugin
  const endpoint = () => `${served.url}/mcp`
  const mint = (sub: string, extra: Record<string, unknown> = {}) =>
    issuer.mint({ sub, scope: 'notes.read', ...extra }, { audience: AUDIENCE })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  beforeAll(async () => {
    issuer = await startTestIssuer()
    const dir = fixtureDir('auth-sessions-plugin')
    served = await servePlugin(dir, {
      auth: await authSettingsFromEnv(dir, {
        OAUTH_ISSUER: issuer.issuer,
        OAUTH_AUDIENCE: AUDIENCE,
        OAUTH_SCOPE: 'notes.read',
      }),
    })
  })
  afterAll(async () => {
    await Promise.all([served?.close(), issuer?.close()])
  })

  const whoami = async (session: string, token: string) => {
    const response = await rawMcp(served.url, { session }).post(
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'Me_whoami', arguments: {} } },
      bearer(token),
    )
    return { status: response.status, text: await response.text() }
  }

  it('checks the token before the session: none is 401', async () => {
    const { session } = await rawMcp(served.url, { headers: bearer(await mint('alice')) }).open()
    const response = await rawMcp(served.url, { session }).post(callWait(1, 1))
    expect(response.status).toBe(401)
  })

  it('gives tools the caller of each request, with the token it sent', async () => {
    const alice = await mint('alice')
    const { session: id } = await rawMcp(served.url, { headers: bearer(alice) }).open()
    const first = await whoami(id, alice)
    expect(first.status).toBe(200)
    expect(sseEvents(first.text).at(-1)?.message).toMatchObject({
      result: { structuredContent: { uid: 'alice', tokenLength: alice.length } },
    })
    // A refreshed token of the same user keeps the session; the tool sees the new one.
    const refreshed = await mint('alice', { note: 'a longer token than the first one' })
    const second = await whoami(id, refreshed)
    expect(sseEvents(second.text).at(-1)?.message).toMatchObject({
      result: { structuredContent: { uid: 'alice', tokenLength: refreshed.length } },
    })
  })

  it('relays a log message above the level set and an elicitation on the call stream', async () => {
    const client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    )
    const asked: string[] = []
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message)
      return { action: 'accept', content: { ok: true } }
    })
    const logs: unknown[] = []
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(notification.params)
    })
    const token = await mint('alice')
    await client.connect(
      new StreamableHTTPClientTransport(new URL(endpoint()), {
        requestInit: { headers: bearer(token) },
      }),
    )
    try {
      await client.setLoggingLevel('warning')
      const quiet = await client.callTool({ name: 'Me_confirm', arguments: {} })
      expect(quiet.structuredContent).toEqual({ action: 'accept', ok: true })
      expect(logs).toEqual([])
      await client.setLoggingLevel('info')
      await client.callTool({ name: 'Me_confirm', arguments: {} })
      expect(logs).toEqual([{ level: 'info', data: 'asking' }])
      expect(asked).toEqual(['Proceed?', 'Proceed?'])
    } finally {
      await client.close()
    }
  })

  it("refuses a session to another user's token as if it were unknown (404)", async () => {
    const { session: id } = await rawMcp(served.url, {
      headers: bearer(await mint('alice')),
    }).open()
    const bob = await mint('bob')
    expect(await whoami(id, bob)).toEqual({ status: 404, text: JSON.stringify(notFound) })
    const bobs = rawMcp(served.url, { session: id, headers: bearer(bob) })
    for (const method of ['GET', 'DELETE']) {
      const response =
        method === 'GET' ? await bobs.get() : await bobs.delete({ accept: 'text/event-stream' })
      expect(response.status).toBe(404)
    }
    // Bob's DELETE ended nothing: the session is still Alice's.
    expect((await whoami(id, await mint('alice'))).status).toBe(200)
  })
})
