import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSION,
} from '../../src/surfaces/mcp/wire/protocol-versions.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/** The edges independent clients found (issue 15, item 5), each pinned over real HTTP. */

const MODERN = '2026-07-28'
const BOTH = 'application/json, text/event-stream'
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
}

type Era = '2025' | '2026'

interface JsonRpcAnswer {
  jsonrpc: '2.0'
  id?: string | number | null
  result?: Record<string, unknown>
  error?: { code: number; message: string; data?: unknown }
}

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server?.close())

/**
 * POSTs one JSON-RPC message to `/mcp` in an era, with the headers that era's clients send
 * (2026-07-28: the envelope in `_meta`, `Mcp-Method`, `Mcp-Name`); `message` is merged over
 * `{ jsonrpc, id: 1, method, params }`, and `headers` over the defaults.
 */
function post(
  era: Era,
  method: string,
  params: Record<string, unknown> = {},
  options: {
    message?: Record<string, unknown>
    headers?: Record<string, string>
    /** The endpoint's path; `/mcp` unless given. */
    path?: string
  } = {},
): Promise<Response> {
  const modern = era === '2026'
  const name = params.name ?? params.uri
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: BOTH,
    'mcp-protocol-version': modern ? MODERN : '2025-11-25',
    ...(modern ? { 'mcp-method': method } : {}),
    ...(modern && typeof name === 'string' ? { 'mcp-name': name } : {}),
    ...options.headers,
  }
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: modern ? { ...params, _meta: envelope } : params,
    ...options.message,
  }
  return fetch(`${server.url}${options.path ?? '/mcp'}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

/** The JSON-RPC message (or batch) of an answer, JSON or the first `data:` line of SSE. */
async function messageOf(response: Response): Promise<unknown> {
  const text = await response.text()
  if (response.headers.get('content-type') !== 'text/event-stream') return JSON.parse(text)
  return JSON.parse(/^data: (.+)$/m.exec(text)?.[1] ?? 'null')
}

async function answerOf(response: Response): Promise<JsonRpcAnswer> {
  return (await messageOf(response)) as JsonRpcAnswer
}

describe.each(['2025', '2026'] as const)('the JSON-RPC envelope in the %s era', (era) => {
  const invalidMessage = {
    jsonrpc: '2.0',
    id: 1,
    error: {
      code: -32600,
      message: 'Bad Request: the request body is not a valid JSON-RPC message',
    },
  }

  it.each([
    ['tools/list', {}, { result: {} }],
    ['tools/call', { name: 'Notes_get', arguments: { id: 'n1' } }, { result: {} }],
    ['tools/call', { name: 'Notes_get', arguments: { id: 'n1' } }, { error: { code: 1 } }],
    ['tools/list', {}, { extra: true }],
  ])(
    'refuses %s %j carrying %j as the SDK does, whichever path would answer',
    async (method, params, extra) => {
      const hot = await post(era, method, params, { message: extra })
      const sdk = await post(era, method, params, {
        message: extra,
        headers: { accept: 'text/event-stream' },
      })
      expect(hot.status).toBe(400)
      expect(sdk.status).toBe(400)
      expect(await hot.json()).toEqual(invalidMessage)
      expect(await sdk.json()).toEqual(invalidMessage)
    },
  )

  const badMetas: [string, unknown][] = [
    ['a progress token that is an object', { progressToken: {} }],
    ['a related task without its id', { 'io.modelcontextprotocol/related-task': {} }],
  ]
  // A `_meta` that is no object carries no 2026-07-28 envelope: that era refuses it otherwise.
  it.each(era === '2025' ? [['a string', 'x'], ...badMetas] : badMetas)(
    'refuses tools/list whose _meta is %s, as the SDK does',
    async (_, meta) => {
      const _meta = era === '2026' ? { ...envelope, ...(meta as object) } : meta
      const response = await post(era, 'tools/list', {}, { message: { params: { _meta } } })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(invalidMessage)
    },
  )
})

describe('the Accept rule, the same in both eras', () => {
  const notAcceptable = {
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32000,
      message: 'Not Acceptable: Client must accept application/json or text/event-stream',
    },
  }

  it.each([
    ['2025', 'tools/list'],
    ['2025', 'ping'],
    ['2026', 'tools/list'],
    ['2026', 'server/discover'],
  ] as const)(
    'answers %s %s with 406 when Accept names neither JSON nor SSE',
    async (era, method) => {
      const response = await post(era, method, {}, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(406)
      expect(await response.json()).toEqual(notAcceptable)
    },
  )

  it.each([
    ['2025', 'tools/list'],
    ['2026', 'tools/list'],
    ['2026', 'server/discover'],
  ] as const)('streams %s %s as SSE to a client that accepts only SSE', async (era, method) => {
    const response = await post(era, method, {}, { headers: { accept: 'text/event-stream' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(await answerOf(response)).toMatchObject({ id: 1, result: expect.any(Object) })
  })

  it.each([
    ['2025', 'tools/list', 'application/json'],
    ['2025', 'tools/list', '*/*'],
    ['2025', 'tools/list', ''],
    ['2025', 'ping', '*/*, text/event-stream'],
    ['2026', 'tools/list', 'application/json'],
    ['2026', 'tools/list', '*/*'],
    ['2026', 'tools/list', ''],
    ['2026', 'server/discover', '*/*, text/event-stream'],
  ] as const)('answers %s %s JSON to Accept %j', async (era, method, accept) => {
    const response = await post(era, method, {}, { headers: { accept } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
  })
})

describe('a protocol version that names no revision', () => {
  const versioned = (method: string, version: string) =>
    post('2025', method, {}, { headers: { 'mcp-protocol-version': version } })

  it.each(['tools/list', 'ping'])(
    'answers %s without an envelope with the unsupported-version error, as for an old version',
    async (method) => {
      const banana = await versioned(method, 'banana')
      const old = await versioned(method, '1999-01-01')
      expect(banana.status).toBe(400)
      expect(old.status).toBe(400)
      const supported = SUPPORTED_PROTOCOL_VERSIONS.join(', ')
      const message = (version: string) =>
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported})`
      expect(await banana.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: message('banana') },
      })
      expect(await old.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: message('1999-01-01') },
      })
    },
  )

  it('answers a 2026-07-28 envelope under it with the header mismatch', async () => {
    const headers = { 'mcp-protocol-version': 'banana' }
    const response = await post('2026', 'tools/list', {}, { headers })
    expect(response.status).toBe(400)
    expect(await answerOf(response)).toMatchObject({ id: 1, error: { code: -32020 } })
  })
})

describe.each(['2025', '2026'] as const)('cursors in the %s era', (era) => {
  it.each(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'])(
    'answers %s with a cursor it did not issue -32602, as its list fits one page',
    async (method) => {
      const response = await post(era, method, { cursor: 'bogus' })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32602,
          message: `Invalid cursor for ${method}: this server did not issue it, or its list has changed since; list again without a cursor`,
        },
      })
    },
  )

  it('answers a list the server does not offer -32601, cursor or not', async () => {
    const response = await post(era, 'prompts/list', { cursor: 'bogus' }, { path: '/mcp/tags' })
    expect(await answerOf(response)).toMatchObject({ id: 1, error: { code: -32601 } })
  })

  it('still answers a list without a cursor, whole, with no nextCursor', async () => {
    const response = await post(era, 'tools/list')
    const answer = await answerOf(response)
    expect(answer).toMatchObject({ result: { tools: expect.any(Array) } })
    expect(answer.result).not.toHaveProperty('nextCursor')
  })
})

describe.each(protocolEras)('cursors through the official client, $name', ({ mode }) => {
  it('rejects a cursor on listTools and listPrompts with -32602', async () => {
    const client = await connectMcpClient(`${server.url}/mcp`, mode)
    try {
      await expect(client.listTools({ cursor: 'bogus' })).rejects.toMatchObject({ code: -32602 })
      await expect(client.listPrompts({ cursor: 'bogus' })).rejects.toMatchObject({
        code: -32602,
      })
      expect((await client.listTools()).tools.length).toBeGreaterThan(0)
    } finally {
      await client.close()
    }
  })
})

describe('the Allow header of a 405', () => {
  it.each([
    ['GET', '/mcp'],
    ['DELETE', '/mcp'],
    ['PUT', '/mcp'],
    ['PATCH', '/mcp'],
    ['PUT', '/mcp/tags'],
  ])('lists on %s %s only methods that route accepts', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { accept: BOTH, 'content-type': 'application/json' },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST, OPTIONS')
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Method not allowed: this stateless server takes only POST' },
    })
    for (const allowed of ['POST', 'OPTIONS']) {
      const answer = await fetch(`${server.url}${path}`, {
        method: allowed,
        headers: { accept: BOTH, 'content-type': 'application/json' },
        ...(allowed === 'POST' ? { body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' } : {}),
      })
      expect(answer.status, allowed).not.toBe(405)
    }
  })
})

describe('cache hints of the 2026-07-28 lists', () => {
  it('gives resources/templates/list the hint of every other list (public in mode anon)', async () => {
    const hintOf = async (method: string) => {
      const { result } = await answerOf(await post('2026', method))
      return { ttlMs: result?.ttlMs, cacheScope: result?.cacheScope }
    }
    const tools = await hintOf('tools/list')
    expect(tools).toEqual({ ttlMs: 300_000, cacheScope: 'public' })
    for (const method of ['prompts/list', 'resources/list', 'resources/templates/list'])
      expect(await hintOf(method), method).toEqual(tools)
  })
})

describe.each(['2025', '2026'] as const)('invalid params in the %s era', (era) => {
  it.each([
    [
      'tools/list',
      { cursor: 5 },
      'Invalid params: /cursor: Invalid input: expected string, received number',
    ],
    [
      'prompts/get',
      { name: 5 },
      'Invalid params: /name: Invalid input: expected string, received number',
    ],
    [
      'resources/read',
      { uri: 5 },
      'Invalid params: /uri: Invalid input: expected string, received number',
    ],
    [
      'tools/call',
      { name: 5 },
      'Invalid tools/call request: /name: Invalid input: expected string, received number',
    ],
  ])('answers %s %j with -32602 and a readable message', async (method, params, message) => {
    const response = await post(era, method, params)
    expect(await answerOf(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message },
    })
  })
})

describe('resources/read of an unknown URI', () => {
  const uri = 'ui://widgets/nope.html'

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'answers -32002 (resource not found) in revision %s',
    async (version) => {
      const headers = { 'mcp-protocol-version': version }
      const response = await post('2025', 'resources/read', { uri }, { headers })
      expect(await answerOf(response)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32002, message: `Resource not found: ${uri}`, data: { uri } },
      })
    },
  )

  it('answers -32602 in revision 2026-07-28', async () => {
    const response = await post('2026', 'resources/read', { uri })
    expect(await answerOf(response)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: `Resource not found: ${uri}`, data: { uri } },
    })
  })

  it('keeps -32602 for a URI that is not one', async () => {
    const response = await post('2025', 'resources/read', { uri: 'not a uri' })
    expect(await answerOf(response)).toMatchObject({ error: { code: -32602 } })
  })
})

describe('JSON-RPC batches', () => {
  const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
  const batch = (messages: unknown[], headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: BOTH, ...headers },
      body: JSON.stringify(messages),
    })

  it.each([
    ['revision 2025-03-26', { 'mcp-protocol-version': '2025-03-26' }],
    ['no version header (2025-03-26 assumed)', {}],
  ])('answers a one-request batch with a batch in %s', async (_, headers) => {
    const response = await batch([ping], headers)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
  })

  it('answers a two-request batch with both answers in 2025-03-26', async () => {
    const response = await batch([ping, { ...ping, id: 2 }], {
      'mcp-protocol-version': '2025-03-26',
    })
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
  })

  it.each(LEGACY_PROTOCOL_VERSIONS.filter((version) => version !== '2025-03-26'))(
    'refuses a batch in revision %s, which has none',
    async (version) => {
      const response = await batch([ping], { 'mcp-protocol-version': version })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `Invalid Request: JSON-RPC batches are not part of protocol revision ${version}`,
        },
      })
    },
  )
})

describe('the protocol versions of the hot path', () => {
  it('are the SDK’s initialize-based versions', () => {
    expect(LEGACY_PROTOCOL_VERSIONS).toEqual(SUPPORTED_PROTOCOL_VERSIONS)
  })

  it('name the one revision the SDK’s server/discover lists', async () => {
    const { result } = await answerOf(await post('2026', 'server/discover'))
    expect(result?.supportedVersions).toEqual([MODERN_PROTOCOL_VERSION])
  })

  it.each([...SUPPORTED_PROTOCOL_VERSIONS])(
    'answers tools/list in revision %s on the hot path, as the SDK does',
    async (version) => {
      const headers = { 'mcp-protocol-version': version }
      const hot = await post('2025', 'tools/list', {}, { headers })
      const sseOnly = { ...headers, accept: 'text/event-stream' }
      const sdk = await post('2025', 'tools/list', {}, { headers: sseOnly })
      expect(await answerOf(hot)).toEqual(await answerOf(sdk))
    },
  )
})
