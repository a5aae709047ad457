import { readFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import {
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

const LEGACY_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
}

/** One stateless 2025-era JSON-RPC call, as raw HTTP. */
async function rpc(
  endpoint: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { ...LEGACY_HEADERS, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return {
    response,
    body: (await response.json()) as {
      result?: Record<string, unknown>
      error?: { code: number; message: string }
    },
  }
}

const initialize = (endpoint: string) =>
  rpc(endpoint, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  })

let notes: ServedPlugin
let ui: ServedPlugin
let bare: ServedPlugin

beforeAll(async () => {
  ;[notes, ui, bare] = await Promise.all([
    servePlugin(notesExampleDir),
    servePlugin(fixtureDir('ui-plugin')),
    servePlugin(fixtureDir('probe-plugin')),
  ])
})
afterAll(async () => {
  await Promise.all([notes?.close(), ui?.close(), bare?.close()])
})

describe('the JSON mirrors', () => {
  it.each([
    ['/mcp/tools.json', '/mcp', 'tools/list'],
    ['/mcp/prompts.json', '/mcp', 'prompts/list'],
    ['/mcp/tags/tools.json', '/mcp/tags', 'tools/list'],
  ])('serves %s deep-equal to the %s %s result', async (mirror, endpoint, method) => {
    const response = await fetch(`${notes.url}${mirror}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const { body } = await rpc(`${notes.url}${endpoint}`, method)
    expect(await response.json()).toEqual(body.result)
  })

  it.each([
    ['/mcp/tools.json', '/mcp', 'tools/list'],
    ['/mcp/board/tools.json', '/mcp/board', 'tools/list'],
    ['/mcp/cards/tools.json', '/mcp/cards', 'tools/list'],
  ])(
    'serves %s of a plugin with widgets deep-equal to the %s %s result, with its links',
    async (mirror, endpoint, method) => {
      const mirrored = (await (await fetch(`${ui.url}${mirror}`)).json()) as {
        tools: { name: string; _meta?: unknown }[]
      }
      const { body } = await rpc(`${ui.url}${endpoint}`, method)
      expect(mirrored).toEqual(body.result)
      const linked = mirrored.tools
        .filter((tool) => tool._meta !== undefined)
        .map((tool) => tool.name)
      expect(linked).toEqual(endpoint === '/mcp/cards' ? [] : ['Board_show'])
    },
  )

  it('serves the resources mirror deep-equal to resources/list when there are widgets', async () => {
    const mirror = await (await fetch(`${ui.url}/mcp/resources.json`)).json()
    const { body } = await rpc(`${ui.url}/mcp`, 'resources/list')
    expect(mirror).toEqual(body.result)
    expect(mirror).toEqual({
      resources: [
        {
          uri: 'ui://widgets/Board_show.html',
          name: 'Board_show',
          title: 'Widget of Board_show',
          mimeType: 'text/html;profile=mcp-app',
        },
      ],
    })
  })

  it('answers 404 for the mirror of a server that does not exist', async () => {
    const response = await fetch(`${notes.url}/mcp/nope/tools.json`)
    await expectProblem(response, 'not_found')
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  })
})

describe('the capability rules', () => {
  it('declares tools and logging only, for a plugin without prompts or widgets', async () => {
    const { body } = await initialize(`${bare.url}/mcp`)
    // Every tool may log through its context.
    expect(body.result?.capabilities).toEqual({ tools: { listChanged: false }, logging: {} })
    expect((await rpc(`${bare.url}/mcp`, 'prompts/list')).body.error?.code).toBe(-32601)
    expect((await rpc(`${bare.url}/mcp`, 'resources/list')).body.error?.code).toBe(-32601)
  })

  it('declares prompts and resources when the plugin has them', async () => {
    const { body } = await initialize(`${ui.url}/mcp`)
    expect(body.result?.capabilities).toEqual({
      tools: { listChanged: false },
      logging: {},
      prompts: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      completions: {},
    })
  })

  it('reads a widget as an MCP Apps resource and rejects an unknown URI', async () => {
    const { body } = await rpc(`${ui.url}/mcp`, 'resources/read', {
      uri: 'ui://widgets/Board_show.html',
    })
    const page = await readFile(join(fixtureDir('ui-plugin'), 'widgets/Board_show.html'), 'utf8')
    expect(body.result?.contents).toEqual([
      {
        uri: 'ui://widgets/Board_show.html',
        mimeType: 'text/html;profile=mcp-app',
        text: page.replaceAll('/widget-assets/', `${ui.url}/widget-assets/`),
        _meta: expect.objectContaining({ ui: expect.any(Object) }),
      },
    ])
    const missing = await rpc(`${ui.url}/mcp`, 'resources/read', { uri: 'ui://widgets/nope.html' })
    // -32002, resource not found, in the 2025 revisions (2026-07-28 answers -32602).
    expect(missing.body.error?.code).toBe(-32002)
  })

  it('wraps a result that is not an object, in the schema and the content', async () => {
    const { body } = await rpc(`${ui.url}/mcp`, 'tools/list')
    const count = (
      body.result?.tools as { name: string; outputSchema: unknown }[] | undefined
    )?.find((tool) => tool.name === 'Board_count')
    expect(count?.outputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { result: { type: 'number' } },
      required: ['result'],
      additionalProperties: false,
    })
    const call = await rpc(`${ui.url}/mcp`, 'tools/call', { name: 'Board_count', arguments: {} })
    expect(call.body.result).toMatchObject({
      structuredContent: { result: 2 },
      content: [{ type: 'text', text: '{"result":2}' }],
    })
  })
})

describe('the MCP endpoint over HTTP', () => {
  it('answers GET and DELETE with 405, as a stateless server does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${notes.url}/mcp`, {
        method,
        headers: { accept: 'text/event-stream' },
      })
      expect(response.status, method).toBe(405)
    }
  })

  it('rejects a Host that is not loopback with 403 (DNS rebinding)', async () => {
    // fetch cannot set Host, so this request goes out raw, as a rebound browser would send it.
    const { port } = new URL(notes.url)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { ...LEGACY_HEADERS, host: `evil.example:${port}` },
        },
        (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString()
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        },
      )
      req.on('error', reject)
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
    })
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.body).error.message).toBe('Invalid Host: evil.example')
  })

  it('answers JSON when the client accepts JSON, and SSE when it accepts only SSE', async () => {
    const json = await rpc(`${notes.url}/mcp`, 'tools/list', {}, { accept: 'application/json' })
    expect(json.response.status).toBe(200)
    expect(json.response.headers.get('content-type')).toBe('application/json')
    const sse = await fetch(`${notes.url}/mcp`, {
      method: 'POST',
      headers: { ...LEGACY_HEADERS, accept: 'text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
    })
    expect(sse.headers.get('content-type')).toBe('text/event-stream')
    expect(await sse.text()).toMatch(
      /^event: message\ndata: \{"result":\{\},"jsonrpc":"2\.0","id":7\}/m,
    )
  })

  it('rejects a foreign Origin with 403 and accepts a loopback one', async () => {
    expect(
      (await rpc(`${notes.url}/mcp`, 'tools/list', {}, { origin: 'https://evil.example' })).response
        .status,
    ).toBe(403)
    const local = await rpc(
      `${notes.url}/mcp`,
      'tools/list',
      {},
      { origin: 'http://localhost:6274' },
    )
    expect(local.response.status).toBe(200)
    expect(local.response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers a malformed body, a body over the limit and an unknown server with clear errors', async () => {
    const malformed = await fetch(`${notes.url}/mcp`, {
      method: 'POST',
      headers: LEGACY_HEADERS,
      body: '{"jsonrpc":',
    })
    expect(malformed.status).toBe(400)
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700)
    const huge = await fetch(`${notes.url}/mcp`, {
      method: 'POST',
      headers: LEGACY_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'Notes_create', arguments: { title: 'x', body: 'a'.repeat(1_100_000) } },
      }),
    })
    expect(huge.status).toBe(413)
    const unknown = await rpc(`${notes.url}/mcp/nope`, 'tools/list')
    expect(unknown.response.status).toBe(404)
    const stillServing = await rpc(`${notes.url}/mcp`, 'tools/list')
    expect(stillServing.response.status).toBe(200)
  })

  it('answers a preflight for /mcp with the MCP headers allowed', async () => {
    const response = await fetch(`${notes.url}/mcp`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'content-type, mcp-protocol-version, mcp-method, mcp-name',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type,mcp-protocol-version,mcp-method,mcp-name',
    )
  })
})
