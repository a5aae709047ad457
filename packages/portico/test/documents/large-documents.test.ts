import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolRuntime } from '../../src/invoke/create-tool-runtime.js'
import type { PluginModel, ToolDefinition } from '../../src/model/plugin-model.js'
import { createApp } from '../../src/server/create-app.js'
import { type RunningServer, startNodeServer } from '../../src/server/start-node-server.js'
import { buildMcpCatalogs } from '../../src/surfaces/mcp/catalog/build-mcp-catalogs.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/build-open-api-document.js'
import { createBareModel, createFixtureTool } from '../support/example-model-fixture.js'
import { connectMcpClient } from '../support/mcp-client.js'
import { postToolsList } from '../support/serve-plugin.js'

// Documents past the size where Portico keeps them as bytes and sends them in pieces: what a
// client reads must still be exactly the JSON of the model, and its length the byte count.

const TOOL_COUNT = 400

/** A model of many tools whose texts are not ASCII, so that bytes and characters differ. */
function createLargeModel(): PluginModel {
  const tools: ToolDefinition[] = Array.from({ length: TOOL_COUNT }, (_, index) =>
    createFixtureTool('Many', `op${index}`, {
      summary: `Opération n° ${index} — « déjà vu » ✓`,
      description: `Fait l’opération ${index}; renvoie un texte 🚀.`,
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: 'Quel élément.' } },
        required: ['id'],
        additionalProperties: false,
      },
    }),
  )
  return {
    ...createBareModel(),
    toolClasses: [{ name: 'Many', file: 'tools/many.ts', toolIds: tools.map((tool) => tool.id) }],
    tools,
  }
}

class Many {}
for (let index = 0; index < TOOL_COUNT; index++) {
  Object.defineProperty(Many.prototype, `op${index}`, { value: async () => 'done' })
}

const model = createLargeModel()
let server: RunningServer
let url: string

beforeAll(async () => {
  const runtime = createToolRuntime(model, new Map([['Many', Many]]), {
    compileValidators: 'lazy',
  })
  const app = createApp(runtime, { rootDir: '/nonexistent', dev: false })
  server = await startNodeServer({ fetch: app.fetch, port: 0, host: '127.0.0.1' })
  url = `http://127.0.0.1:${server.port}`
})

afterAll(() => server.close())

describe('a large /open-api.json', () => {
  it('is the JSON of the document for its origin, byte for byte, with its length', async () => {
    const response = await fetch(`${url}/open-api.json`)
    const bytes = Buffer.from(await response.arrayBuffer())
    const expected = Buffer.from(JSON.stringify(buildOpenApiDocument(model, url)))
    expect(expected.byteLength).toBeGreaterThan(64 * 1024)
    expect(bytes.equals(expected)).toBe(true)
    expect(response.headers.get('content-length')).toBe(String(expected.byteLength))
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('answers 304 without a body to its own ETag, and the document to another', async () => {
    const first = await fetch(`${url}/open-api.json`)
    await first.arrayBuffer()
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)

    const again = await fetch(`${url}/open-api.json`, {
      headers: { 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)

    const stale = await fetch(`${url}/open-api.json`, { headers: { 'if-none-match': '"other"' } })
    expect(stale.status).toBe(200)
    expect((await stale.text()).length).toBeGreaterThan(64 * 1024)
  })

  it('has no body for HEAD, and the same length and ETag as GET', async () => {
    const head = await fetch(`${url}/open-api.json`, { method: 'HEAD' })
    const get = await fetch(`${url}/open-api.json`)
    const body = await get.arrayBuffer()
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(head.headers.get('content-length')).toBe(String(body.byteLength))
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'))
  })

  it('names each origin it is asked under, each with its own ETag', async () => {
    const other = `http://localhost:${server.port}`
    const response = await fetch(`${other}/open-api.json`)
    const text = await response.text()
    expect(text).toBe(JSON.stringify(buildOpenApiDocument(model, other)))
    const mine = await fetch(`${url}/open-api.json`)
    await mine.arrayBuffer()
    expect(response.headers.get('etag')).not.toBe(mine.headers.get('etag'))
  })
})

describe('a large tools/list', () => {
  const tools = buildMcpCatalogs(model).get('')?.tools

  it('is the JSON-RPC answer of the catalog, byte for byte, for any request id', async () => {
    const list = JSON.stringify({ tools })
    expect(Buffer.byteLength(list)).toBeGreaterThan(64 * 1024)
    for (const id of [1, 'a "quoted" id ✓']) {
      const response = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
      })
      const bytes = Buffer.from(await response.arrayBuffer())
      const expected = Buffer.from(`{"result":${list},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`)
      expect(bytes.equals(expected)).toBe(true)
      expect(response.headers.get('content-length')).toBe(String(expected.byteLength))
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    }
  })

  it('answers the same again to the next request (the bytes are shared, never consumed)', async () => {
    const texts = await Promise.all(
      [1, 2, 3].map(async () => (await postToolsList(`${url}/mcp`)).text()),
    )
    expect(new Set(texts).size).toBe(1)
    expect(JSON.parse(texts[0] ?? '').result.tools).toHaveLength(TOOL_COUNT)
  })

  it('reaches the official client whole, in both eras', async () => {
    for (const mode of ['legacy', { pin: '2026-07-28' }] as const) {
      const client = await connectMcpClient(`${url}/mcp`, mode)
      try {
        const listed = await client.listTools()
        expect(listed.tools).toHaveLength(TOOL_COUNT)
        expect(listed.tools[7]?.description).toBe(tools?.[7]?.description)
        expect(listed.nextCursor).toBeUndefined()
      } finally {
        await client.close()
      }
    }
  })
})
