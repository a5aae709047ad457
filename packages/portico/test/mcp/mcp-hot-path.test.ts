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

beforeAll(async () => {
  issuer = await startTestIssuer()
  ;[server, ui, authenticated, gallery] = await Promise.all([
    servePlugin(notesExampleDir),
    servePlugin(fixtureDir('ui-plugin')),
    servePlugin(fixtureDir('auth-custom-plugin'), { auth: testAuthSettings(issuer) }),
    servePlugin(fixtureDir('content-plugin')),
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
