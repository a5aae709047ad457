import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { META_REQUEST_ID } from '../../src/surfaces/mcp/calls/to-call-tool-result.js'
import {
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import {
  startTestIssuer,
  TEST_AUDIENCE,
  type TestIssuer,
  testAuthSettings,
} from '../support/test-issuer.js'

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
}

let server: ServedPlugin
let ui: ServedPlugin
let issuer: TestIssuer
let authenticated: ServedPlugin
let token: string
let gallery: ServedPlugin
let fetchOnly: ServedPlugin
let authenticatedFetchOnly: ServedPlugin

beforeAll(async () => {
  issuer = await startTestIssuer()
  ;[server, ui, authenticated, gallery, fetchOnly, authenticatedFetchOnly] = await Promise.all([
    servePlugin(notesExampleDir),
    servePlugin(fixtureDir('ui-plugin')),
    servePlugin(fixtureDir('auth-custom-plugin'), { auth: testAuthSettings(issuer) }),
    servePlugin(fixtureDir('content-plugin')),
    // The same plugins without the node:http edge: every request through the Fetch handler.
    servePlugin(notesExampleDir, { nodeEdge: false }),
    servePlugin(fixtureDir('auth-custom-plugin'), {
      auth: testAuthSettings(issuer),
      nodeEdge: false,
    }),
  ])
  token = await issuer.mint(
    { sub: 'ada', email: 'ada@example.com', name: 'Ada Lovelace', scope: 'notes' },
    { audience: TEST_AUDIENCE },
  )
})
afterAll(async () => {
  await Promise.all([
    server?.close(),
    ui?.close(),
    authenticated?.close(),
    gallery?.close(),
    fetchOnly?.close(),
    authenticatedFetchOnly?.close(),
    issuer?.close(),
  ])
})

/**
 * Sends one request twice: accepting JSON (the hot path answers) and accepting only SSE (the
 * SDK answers, as the hot path takes only requests that accept JSON; the SDK's 2026-07-28 leg
 * still answers JSON). Returns both JSON-RPC messages.
 */
async function bothPaths(
  era: '2025' | '2026',
  method: string,
  params: Record<string, unknown>,
  endpoint = `${server.url}/mcp`,
  credentials: Record<string, string> = {},
) {
  const modern = era === '2026'
  const headers: Record<string, string> = {
    ...credentials,
    'content-type': 'application/json',
    'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25',
    ...(modern ? { 'mcp-method': method } : {}),
    ...(modern && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 'req-1',
    method,
    params: modern ? { ...params, _meta: envelope } : params,
  })
  const hot = await fetch(endpoint, {
    method: 'POST',
    headers: { ...headers, accept: 'application/json' },
    body,
  })
  expect(hot.headers.get('content-type')).toBe('application/json')
  const sdk = await fetch(endpoint, {
    method: 'POST',
    headers: { ...headers, accept: 'text/event-stream' },
    body,
  })
  const text = await sdk.text()
  const message =
    sdk.headers.get('content-type') === 'text/event-stream' ? /^data: (.+)$/m.exec(text)?.[1] : text
  return {
    hot: withoutRequestId(await hot.json()),
    sdk: withoutRequestId(JSON.parse(message ?? 'null')),
  }
}

/**
 * A failed call's result quotes the id of its own request (a made one when nothing else names
 * it), which differs between the two calls by design: checked for its form, then set aside.
 */
function withoutRequestId<Answer>(answer: Answer): Answer {
  const meta = (answer as { result?: { _meta?: Record<string, unknown> } } | null)?.result?._meta
  if (meta && META_REQUEST_ID in meta) {
    expect(meta[META_REQUEST_ID]).toMatch(/^[0-9a-f]{32}$/)
    meta[META_REQUEST_ID] = '<request id>'
  }
  return answer
}

describe.each(['2025', '2026'] as const)('the hot path in the %s era', (era) => {
  it.each([
    ['tools/list', {}],
    ['tools/call', { name: 'Notes_get', arguments: { id: 'n2' } }],
    ['tools/call', { name: 'Notes_get', arguments: { id: 'n404' } }],
    ['tools/call', { name: 'Notes_create', arguments: { priority: 'urgent' } }],
    ['tools/call', { name: 'Sharing_publish', arguments: { id: 'n1', audience: 'team' } }],
    ['tools/call', { name: 'Tags_list' }],
  ])('answers %s %j exactly as the SDK does', async (method, params) => {
    const { hot, sdk } = await bothPaths(era, method, params)
    expect(hot).toEqual(sdk)
    expect(hot).toMatchObject({ jsonrpc: '2.0', id: 'req-1', result: expect.any(Object) })
  })

  it('leaves an unknown tool to the SDK, which answers -32602', async () => {
    const { hot, sdk } = await bothPaths(era, 'tools/call', { name: 'Nope_nope', arguments: {} })
    expect(hot).toEqual(sdk)
    expect(hot).toMatchObject({ error: { code: -32602 } })
  })
})

describe.each(['2025', '2026'] as const)(
  'the hot path of an authenticated plugin in the %s era',
  (era) => {
    it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
      ['tools/list', {}, { result: { tools: [expect.objectContaining({ name: 'Me_whoami' })] } }],
      [
        'tools/call',
        { name: 'Me_whoami', arguments: {} },
        { result: { structuredContent: expect.objectContaining({ uid: 'ada' }) } },
      ],
      [
        'tools/call',
        { name: 'Me_whoami', arguments: { verbose: 'no' } },
        { result: { isError: true } },
      ],
    ])(
      'answers %s %j exactly as the SDK does, with the caller in the context',
      async (method, params, expected) => {
        const { hot, sdk } = await bothPaths(era, method, params, `${authenticated.url}/mcp`, {
          authorization: `Bearer ${token}`,
        })
        expect(hot).toEqual(sdk)
        expect(hot).toMatchObject({ jsonrpc: '2.0', id: 'req-1', ...expected })
      },
    )
  },
)

describe.each(['2025', '2026'] as const)('the hot path of rich results in the %s era', (era) => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'tools/list',
      {},
      {
        result: {
          tools: expect.arrayContaining([expect.objectContaining({ name: 'Gallery_pixel' })]),
        },
      },
    ],
    [
      'tools/call',
      { name: 'Gallery_pixel' },
      { result: { content: [expect.objectContaining({ type: 'image', mimeType: 'image/png' })] } },
    ],
    [
      'tools/call',
      { name: 'Gallery_caption', arguments: { title: 'Red' } },
      { result: { content: [{ type: 'text', text: 'Red: one red pixel' }, expect.any(Object)] } },
    ],
    [
      'tools/call',
      { name: 'Gallery_files' },
      {
        result: {
          content: expect.arrayContaining([expect.objectContaining({ type: 'resource_link' })]),
        },
      },
    ],
    ['tools/call', { name: 'Gallery_broken', arguments: {} }, { result: { isError: true } }],
  ])('answers %s %j exactly as the SDK does', async (method, params, expected) => {
    const { hot, sdk } = await bothPaths(era, method, params, `${gallery.url}/mcp`)
    expect(hot).toEqual(sdk)
    expect(hot).toMatchObject({ jsonrpc: '2.0', id: 'req-1', ...expected })
    expect(hot.result).not.toHaveProperty('structuredContent')
  })
})

describe.each(['2025', '2026'] as const)('a widget link in the %s era', (era) => {
  it.each(['/mcp', '/mcp/board'])(
    'is the same on %s whether the hot path or the SDK answers tools/list',
    async (path) => {
      const { hot, sdk } = await bothPaths(era, 'tools/list', {}, `${ui.url}${path}`)
      expect(hot).toEqual(sdk)
      const tools = (hot as { result: { tools: { name: string; _meta?: unknown }[] } }).result.tools
      expect(tools.find((tool) => tool.name === 'Board_show')?._meta).toMatchObject({
        ui: { resourceUri: 'ui://widgets/Board_show.html' },
      })
    },
  )
})

/** One answer as the wire carries it: status, headers (but `Date`), body. */
interface WireAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * POSTs `body` to `path` of `served` over a plain socket (no Fetch client in between, so every
 * header is seen as sent: `Content-Length`, `Transfer-Encoding`), with the origin of the server
 * written `<origin>` wherever it appears, so that two servers' answers compare.
 */
function post(
  served: ServedPlugin,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<WireAnswer> {
  const origin = served.url
  const host = origin.slice('http://'.length)
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${origin}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const { date: _date, ...rest } = response.headers
        const raw = Buffer.concat(chunks)
        // A gzipped body is compared as its bytes.
        const text = response.headers['content-encoding'] ? raw.toString('base64') : raw.toString()
        resolve({
          status: response.statusCode ?? 0,
          headers: JSON.parse(JSON.stringify(rest).replaceAll(host, '<origin>')),
          body: text.replaceAll(host, '<origin>').replace(/"[0-9a-f]{32}"/g, '"<request id>"'),
        })
      })
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

const json2025 = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
}
const json2026 = (method: string, name?: string) => ({
  ...json2025,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name ? { 'mcp-name': name } : {}),
})
const message = (method: string, params?: Record<string, unknown>, id: unknown = 7) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })
const call2026 = (name: string, args: Record<string, unknown>) =>
  message('tools/call', { name, arguments: args, _meta: envelope })

/**
 * What the node:http edge must answer exactly as the Fetch path does: `answered` when the edge
 * writes it itself, `app` when it hands the request on to the app.
 */
const edgeCases: [string, 'answered' | 'app', string, Record<string, string>, string][] = [
  [
    '2025 tools/call',
    'answered',
    '/mcp',
    json2025,
    message('tools/call', { name: 'Notes_get', arguments: { id: 'n2' } }),
  ],
  [
    '2025 tools/call of a failing tool',
    'answered',
    '/mcp',
    json2025,
    message('tools/call', { name: 'Notes_get', arguments: { id: 'n404' } }),
  ],
  [
    '2026 tools/call',
    'answered',
    '/mcp',
    json2026('tools/call', 'Notes_get'),
    call2026('Notes_get', { id: 'n2' }),
  ],
  ['2025 tools/list', 'answered', '/mcp', json2025, message('tools/list')],
  [
    '2026 tools/list',
    'answered',
    '/mcp',
    json2026('tools/list'),
    message('tools/list', { _meta: envelope }),
  ],
  ['a string id', 'answered', '/mcp', json2025, message('tools/list', {}, 'a"b')],
  [
    'a 2025 notification',
    'answered',
    '/mcp',
    json2025,
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }),
  ],
  [
    'an Accept of neither JSON nor SSE (406)',
    'answered',
    '/mcp',
    { ...json2025, accept: 'text/html' },
    message('tools/list'),
  ],
  [
    'a gzipped body (415)',
    'answered',
    '/mcp',
    { ...json2025, 'content-encoding': 'gzip' },
    message('tools/list'),
  ],
  [
    'a body over the limit (413)',
    'answered',
    '/mcp',
    json2025,
    message('tools/call', { name: 'Notes_create', arguments: { title: 'x'.repeat(2_000_000) } }),
  ],
  ['invalid JSON (400)', 'answered', '/mcp', json2025, '{"jsonrpc":'],
  [
    'a __proto__ key (400)',
    'answered',
    '/mcp',
    json2025,
    '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{}}}',
  ],
  [
    'an unsafe integer id (400)',
    'answered',
    '/mcp',
    json2025,
    '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}',
  ],
  [
    'a foreign Host (403)',
    'answered',
    '/mcp',
    { ...json2025, host: 'evil.example' },
    message('tools/list'),
  ],
  ['an unknown server (404)', 'app', '/mcp/nope', json2025, message('tools/list')],
  [
    'a 2025 initialize',
    'app',
    '/mcp',
    json2025,
    message('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    }),
  ],
  ['ping', 'app', '/mcp', json2025, message('ping')],
  [
    'an unknown tool',
    'app',
    '/mcp',
    json2025,
    message('tools/call', { name: 'Nope_nope', arguments: {} }),
  ],
  [
    'a tools/call that accepts only SSE',
    'app',
    '/mcp',
    { ...json2025, accept: 'text/event-stream' },
    message('tools/call', { name: 'Notes_get', arguments: { id: 'n2' } }),
  ],
  [
    'a 2026 envelope that its headers contradict',
    'app',
    '/mcp',
    json2026('tools/call', 'Notes_list'),
    call2026('Notes_get', { id: 'n2' }),
  ],
  ['a batch', 'app', '/mcp', json2025, `[${message('tools/list')}]`],
  [
    'a body that is not JSON (415)',
    'app',
    '/mcp',
    { ...json2025, 'content-type': 'text/plain' },
    message('tools/list'),
  ],
]

describe('the node:http edge', () => {
  it.each(edgeCases)(
    'answers %s as the Fetch path does, to the byte (%s)',
    async (_name, answeredBy, path, headers, body) => {
      const before = server.appRequests()
      const onEdge = await post(server, path, headers, body)
      const onFetch = await post(fetchOnly, path, headers, body)
      expect(onEdge).toEqual(onFetch)
      expect(server.appRequests() - before).toBe(answeredBy === 'app' ? 1 : 0)
      if (answeredBy === 'answered' && onEdge.status === 200) {
        expect(onEdge.headers['content-length']).toBe(String(Buffer.byteLength(onEdge.body)))
      }
    },
  )

  it('refuses a missing token and answers with one, as the Fetch path does', async () => {
    const list = message('tools/list')
    const refused = await post(authenticated, '/mcp', json2025, list)
    expect(refused).toEqual(await post(authenticatedFetchOnly, '/mcp', json2025, list))
    expect(refused.status).toBe(401)
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="/)
    const withToken = { ...json2025, authorization: `Bearer ${token}` }
    const before = authenticated.appRequests()
    const answered = await post(authenticated, '/mcp', withToken, list)
    expect(authenticated.appRequests()).toBe(before)
    expect(answered).toEqual(await post(authenticatedFetchOnly, '/mcp', withToken, list))
    expect(answered.status).toBe(200)
    // A tool that takes a context may talk back on a stream: the app's hot path answers it.
    const whoami = message('tools/call', { name: 'Me_whoami', arguments: {} })
    const viaApp = await post(authenticated, '/mcp', withToken, whoami)
    expect(authenticated.appRequests()).toBe(before + 1)
    expect(viaApp).toEqual(await post(authenticatedFetchOnly, '/mcp', withToken, whoami))
    expect(JSON.parse(viaApp.body)).toMatchObject({ result: { structuredContent: { uid: 'ada' } } })
  })
})
