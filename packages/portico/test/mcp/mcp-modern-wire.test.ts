import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

const MODERN = '2026-07-28'
const envelope = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
}

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

/** One 2026-07-28 request as raw HTTP, with the headers the revision requires. */
async function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: envelope } }),
  })
  return {
    response,
    body: (await response.json()) as { result?: Record<string, unknown>; error?: { code: number } },
  }
}

describe('the 2026-07-28 wire', () => {
  it('answers server/discover with versions, capabilities, identity and cache hints', async () => {
    const { response, body } = await modern('server/discover')
    expect(response.status).toBe(200)
    expect(body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining([MODERN]),
      capabilities: { tools: {}, prompts: {} },
      instructions: expect.stringMatching(/^Notes keeps short notes/),
      ttlMs: 300_000,
      cacheScope: 'public',
      _meta: {
        'io.modelcontextprotocol/serverInfo': { name: 'notes', version: '1.0.0', title: 'Notes' },
      },
    })
  })

  it('puts cache hints on list results and identity on every result', async () => {
    const list = await modern('tools/list')
    expect(list.body.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
    })
    const call = await modern('tools/call', { name: 'Notes_get', arguments: { id: 'n1' } })
    expect(call.body.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { id: 'n1' },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'notes' } },
    })
  })

  it('rejects an Mcp-Name header that disagrees with the body', async () => {
    const { response, body } = await modern(
      'tools/call',
      { name: 'Notes_get', arguments: { id: 'n1' } },
      { 'mcp-name': 'Notes_list' },
    )
    expect(response.status).toBe(400)
    expect(body.error?.code).toBe(-32020)
  })

  it('rejects a revision it does not serve, naming the ones it does', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2099-01-01',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      }),
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as {
      error: { code: number; data: { supported: string[] } }
    }
    expect(body.error.code).toBe(-32022)
    expect(body.error.data.supported).toContain(MODERN)
  })
})
