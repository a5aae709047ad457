import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildReplicaPlugin } from '../scale/replicas.js'
import { type CliProcess, freePort, runCli } from '../support/cli-process.js'

// `portico start` with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver in the test,
// which decodes what the exporter sends (JSON): a server span per request that continues the
// client's `traceparent`, with no token or input in it.

const TOKEN = 'secret-token-4e1d2b'
const INPUT_MARK = 'input-mark-24680'
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const CLIENT_SPAN = '00f067aa0ba902b7'

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
}

let plugin: Awaited<ReturnType<typeof buildReplicaPlugin>>
let receiver: Server
let cli: CliProcess
const bodies: string[] = []

beforeAll(async () => {
  plugin = await buildReplicaPlugin('stateless')
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString())
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  const receiverPort = await freePort()
  await new Promise<void>((done) => receiver.listen(receiverPort, '127.0.0.1', done))
  const port = await freePort()
  cli = runCli(['start', plugin.dir], {
    PORT: String(port),
    HOST: '127.0.0.1',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
  })
  await cli.waitForOutput(/Ready in \d+ ms/)
  const baseUrl = `http://127.0.0.1:${port}`
  const traceparent = `00-${TRACE_ID}-${CLIENT_SPAN}-01`
  const rest = await fetch(`${baseUrl}/api/Replica/say`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${TOKEN}`,
      traceparent,
    },
    body: JSON.stringify({ level: 'info', text: INPUT_MARK }),
  })
  // The answer echoes the input: neither may reach a span.
  expect(await rest.text()).toContain(INPUT_MARK)
  const mcp = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      traceparent,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })
  await mcp.body?.cancel()
  // SIGTERM: the shutdown sends the spans still buffered.
  await cli.stop()
}, 120_000)

afterAll(async () => {
  await cli?.stop()
  await new Promise((done) => receiver?.close(done))
  await plugin?.remove()
})

function spans(): OtlpSpan[] {
  return bodies.flatMap((body) => {
    const parsed = JSON.parse(body) as {
      resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[]
    }
    return parsed.resourceSpans.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) => scope.spans),
    )
  })
}

const attribute = (span: OtlpSpan | undefined, key: string) =>
  span?.attributes.find((entry) => entry.key === key)?.value

describe('portico start with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends a server span per REST call and MCP request, continuing the traceparent', () => {
    const sent = spans()
    const rest = sent.find((span) => span.name === 'POST /api/Replica/say')
    const mcp = sent.find((span) => span.name === 'POST /mcp')
    for (const span of [rest, mcp]) {
      expect(span?.traceId).toBe(TRACE_ID)
      expect(span?.parentSpanId).toBe(CLIENT_SPAN)
      expect(span?.kind).toBe(2)
    }
    expect(attribute(rest, 'http.route')).toEqual({ stringValue: '/api/Replica/say' })
    expect(attribute(rest, 'portico.tool')).toEqual({ stringValue: 'Replica_say' })
    expect(attribute(rest, 'http.response.status_code')).toEqual({ intValue: 200 })
    expect(attribute(mcp, 'portico.surface')).toEqual({ stringValue: 'mcp' })
  })

  it('records no token, input or result', () => {
    const all = bodies.join('\n')
    expect(all).toContain(TRACE_ID)
    expect(all).not.toContain(TOKEN)
    expect(all).not.toContain(INPUT_MARK)
  })
})
