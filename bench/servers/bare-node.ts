/**
 * The floor: plain `node:http` (Node 20), no framework. `POST /api/Calc/add` with `{"a":1,"b":2}`
 * answers `200 {"sum":3}`; `POST /api/Catalog/items` answers the catalog's 50 records as its tool
 * declares them, written with `JSON.stringify` on each request; `POST /mcp` answers a stateless
 * `tools/call` of `Calc_add` in either era with the bytes Portico's answer has, and nothing
 * else of MCP (no checks, no other method, no headers but the type): what the wire itself costs;
 * anything else is 404. The answer carries an explicit `Content-Length`,
 * since without it Node sends `Transfer-Encoding: chunked`, which costs an extra write per
 * response and would make the floor slower than it is.
 */
import { createServer, type ServerResponse } from 'node:http'
import { declared } from '../plugins/catalog/lib/items.js'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

function isAddInput(value: unknown): value is { a: number; b: number } {
  if (typeof value !== 'object' || value === null) return false
  const { a, b } = value as Record<string, unknown>
  return typeof a === 'number' && typeof b === 'number'
}

function parseInput(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A JSON-RPC `tools/call`, as far as this floor reads it. */
interface McpCall {
  id: unknown
  method: unknown
  params?: { arguments?: unknown; _meta?: Record<string, unknown> }
}

/** A 2026-07-28 result names its type and the server (as Portico's does); a 2025 one does not. */
const modernTail = `,"resultType":"complete","_meta":${JSON.stringify({
  'io.modelcontextprotocol/serverInfo': { name: 'calc', version: '1.0.0' },
})}`

/** The result of a call whose structured output is `json`: the text and the structure. */
function mcpResult(call: McpCall, json: string): string {
  const modern = call.params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== undefined
  return `{"result":{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}${modern ? modernTail : ''}},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`
}

function sendJson(res: ServerResponse, body: string): void {
  res
    .writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    })
    .end(body)
}

const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/Catalog/items') {
    req.resume()
    req.on('end', () => sendJson(res, JSON.stringify({ items: declared })))
    return
  }
  if (req.method === 'POST' && req.url === '/mcp') {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const call = parseInput(Buffer.concat(chunks).toString('utf8')) as McpCall | undefined
      const input = call?.params?.arguments
      if (call?.method !== 'tools/call' || !isAddInput(input)) {
        res.writeHead(400, { 'content-length': 0 }).end()
        return
      }
      sendJson(res, mcpResult(call, JSON.stringify({ sum: input.a + input.b })))
    })
    return
  }
  if (req.method !== 'POST' || req.url !== '/api/Calc/add') {
    res.writeHead(404, { 'content-length': 0 }).end()
    return
  }
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const input = parseInput(Buffer.concat(chunks).toString('utf8'))
    if (!isAddInput(input)) {
      res.writeHead(400, { 'content-length': 0 }).end()
      return
    }
    sendJson(res, JSON.stringify({ sum: input.a + input.b }))
  })
})

server.listen(port, host, () => {
  const address = server.address()
  console.log(`READY ${typeof address === 'object' && address ? address.port : port}`)
})

process.once('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
