import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
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

/** What the client does not inflate for itself: `fetch` strips the coding, this does not. */
const identity = { 'accept-encoding': 'identity' }
/** What Chromium sends. */
const browserCodings = 'gzip, deflate, br, zstd'

/** A request's answer as it came over the wire: status, headers and the bytes still coded. */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      `${url}${path}`,
      { method: body === undefined ? 'GET' : 'POST', headers },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })
}

/** The bytes of an answer once its content coding is undone. */
function decoded(answer: { headers: IncomingHttpHeaders; bytes: Buffer }): Buffer {
  const coding = answer.headers['content-encoding']
  if (coding === 'br') return brotliDecompressSync(answer.bytes)
  if (coding === 'gzip') return gunzipSync(answer.bytes)
  return answer.bytes
}

describe('a large /open-api.json', () => {
  it('is the JSON of the document for its origin, byte for byte, with its length', async () => {
    const response = await fetch(`${url}/open-api.json`, { headers: identity })
    const bytes = Buffer.from(await response.arrayBuffer())
    const expected = Buffer.from(JSON.stringify(buildOpenApiDocument(model, url)))
    expect(expected.byteLength).toBeGreaterThan(64 * 1024)
    expect(bytes.equals(expected)).toBe(true)
    expect(response.headers.get('content-length')).toBe(String(expected.byteLength))
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })

  it('answers 304 without a body to its own ETag, and the document to another', async () => {
    const first = await fetch(`${url}/open-api.json`, { headers: identity })
    await first.arrayBuffer()
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)

    const again = await fetch(`${url}/open-api.json`, {
      headers: { ...identity, 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)

    const stale = await fetch(`${url}/open-api.json`, {
      headers: { ...identity, 'if-none-match': '"other"' },
    })
    expect(stale.status).toBe(200)
    expect((await stale.text()).length).toBeGreaterThan(64 * 1024)
  })

  it('has no body for HEAD, and the same length and ETag as GET', async () => {
    const head = await fetch(`${url}/open-api.json`, { method: 'HEAD', headers: identity })
    const get = await fetch(`${url}/open-api.json`, { headers: identity })
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

  it("travels compressed in the coding a client prefers, with Vary and that coding's own ETag", async () => {
    const plain = await rawRequest('/open-api.json', identity)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    const expected = Buffer.from(JSON.stringify(buildOpenApiDocument(model, url)))
    expect(plain.bytes.equals(expected)).toBe(true)
    const etags = new Set([plain.headers.etag])
    for (const [accepted, coding] of [
      [browserCodings, 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await rawRequest('/open-api.json', { 'accept-encoding': accepted })
      expect(answer.headers['content-encoding']).toBe(coding)
      expect(answer.headers.vary).toBe('accept-encoding')
      expect(answer.headers['content-length']).toBe(String(answer.bytes.byteLength))
      expect(answer.bytes.byteLength).toBeLessThan(expected.byteLength / 5)
      expect(decoded(answer).equals(expected)).toBe(true)
      etags.add(answer.headers.etag)
    }
    // identity, br, gzip: three codings, three validators (RFC 9110 § 8.8.3: a strong ETag
    // names exactly one representation's bytes).
    expect(etags.size).toBe(3)
  })

  it('answers 304 to the ETag of the coding asked for, and the bytes to another coding', async () => {
    const br = await rawRequest('/open-api.json', { 'accept-encoding': 'br' })
    const etag = String(br.headers.etag)
    const again = await rawRequest('/open-api.json', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    })
    expect(again.status).toBe(304)
    expect(again.bytes.byteLength).toBe(0)
    const otherCoding = await rawRequest('/open-api.json', {
      ...identity,
      'if-none-match': etag,
    })
    expect(otherCoding.status).toBe(200)
    expect(otherCoding.headers['content-encoding']).toBeUndefined()
  })

  it('sends /types.json and the text documents compressed too, and small ones as they are', async () => {
    const llms = await rawRequest('/llms.txt', { 'accept-encoding': browserCodings })
    expect(llms.status).toBe(200)
    expect(llms.headers.vary).toBe('accept-encoding')
    const plainLlms = await rawRequest('/llms.txt', identity)
    expect(decoded(llms).equals(plainLlms.bytes)).toBe(true)
    const types = await rawRequest('/types.json', { 'accept-encoding': browserCodings })
    expect(types.status).toBe(200)
    // No named types in this model: a few bytes, not worth a coding.
    expect(types.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(types.bytes.toString())).toStrictEqual({ types: [] })
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
          ...identity,
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

  it('travels gzipped to a client that takes gzip, whole for any request id', async () => {
    const list = JSON.stringify({ tools })
    for (const id of [7, 'an id ✓ of its own']) {
      const answer = await rawRequest(
        '/mcp',
        {
          'accept-encoding': browserCodings,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
      )
      expect(answer.headers['content-encoding']).toBe('gzip')
      expect(answer.headers.vary).toBe('accept-encoding')
      expect(answer.headers['content-length']).toBe(String(answer.bytes.byteLength))
      const expected = `{"result":${list},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`
      expect(answer.bytes.byteLength).toBeLessThan(Buffer.byteLength(expected) / 5)
      expect(decoded(answer).toString()).toBe(expected)
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
