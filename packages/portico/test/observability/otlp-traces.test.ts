import { createServer, type Server } from 'node:http'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, runCli } from '../support/cli-process.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'

// `portico start` with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver in the test,
// which decodes what the exporter sends (JSON). One client trace goes through REST (the
// `traceparent` header) and MCP in both eras (`params._meta.traceparent`) into a tool that
// fetches a second test server: every span, and the `traceparent` that server receives, belong to
// that trace, with no token, input or result in any span or log line. A prompt method and a
// resource template get their own span under their MCP request, as a tool does.

const TOKEN = 'secret-token-4e1d2b'
const INPUT_MARK = 'input-mark-24680'
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
/** The client's spans: its root, its HTTP calls, and its MCP calls of each era. */
const CLIENT_SPAN = '00f067aa0ba902b7'
const CLIENT_HTTP_SPAN = '00f067aa0ba902c1'
const MCP_SPANS = ['00f067aa0ba90201', '00f067aa0ba90202']
const traceparentOf = (span: string) => `00-${TRACE_ID}-${span}-01`

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  links?: { traceId: string; spanId: string }[]
  attributes: { key: string; value: Record<string, unknown> }[]
}

interface OtlpMetric {
  name: string
  histogram?: {
    dataPoints: {
      count: string | number
      attributes: { key: string; value: { stringValue?: string } }[]
    }[]
  }
}

let plugin: Awaited<ReturnType<typeof copyPlugin>>
let receiver: Server
let downstream: Server
let cli: CliProcess
const bodies: string[] = []
const metricBodies: string[] = []
/** The `traceparent` of each request the second server received, by the tag in its query. */
const received = new Map<string, string | undefined>()
let downstreamUrl: string
const results: Record<string, unknown>[] = []
/** What the prompt and the template answered in each era: they name the trace they ran in. */
const promptTexts: string[] = []
const pageTexts: string[] = []
let failedProblem: Record<string, unknown> = {}

function listen(server: Server): Promise<number> {
  return freePort().then(
    (port) => new Promise((done) => server.listen(port, '127.0.0.1', () => done(port))),
  )
}

beforeAll(async () => {
  plugin = await copyPlugin(resolve(import.meta.dirname, 'fixtures/traced-plugin'))
  await buildPlugin(plugin.dir)
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString())
      if (request.url === '/v1/metrics') metricBodies.push(Buffer.concat(chunks).toString())
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  downstream = createServer((request, response) => {
    const tag = new URL(request.url ?? '/', 'http://x').searchParams.get('tag') ?? ''
    received.set(tag, String(request.headers.traceparent))
    response.writeHead(204).end()
  })
  const receiverPort = await listen(receiver)
  downstreamUrl = `http://127.0.0.1:${await listen(downstream)}/hit`
  const port = await freePort()
  cli = runCli(['start', plugin.dir], {
    PORT: String(port),
    HOST: '127.0.0.1',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
  })
  await cli.waitForOutput(/Ready in \d+ ms/)
  const baseUrl = `http://127.0.0.1:${port}`
  const rest = await fetch(`${baseUrl}/api/Relay/fetch`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${TOKEN}`,
      traceparent: traceparentOf(CLIENT_SPAN),
    },
    body: JSON.stringify({ url: `${downstreamUrl}?tag=rest&mark=${INPUT_MARK}` }),
  })
  results.push((await rest.json()) as Record<string, unknown>)
  const echoed = await fetch(`${baseUrl}/api/Relay/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: traceparentOf(CLIENT_SPAN) },
    body: JSON.stringify({ text: INPUT_MARK }),
  })
  // The answer echoes the input: neither may reach a span or a log line.
  expect(await echoed.text()).toContain(INPUT_MARK)
  const failed = await fetch(`${baseUrl}/api/Relay/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: traceparentOf(CLIENT_SPAN) },
    body: JSON.stringify({ text: INPUT_MARK }),
  })
  expect(failed.status).toBe(500)
  failedProblem = (await failed.json()) as Record<string, unknown>
  // The client's HTTP calls are its own spans, children of its root: the header says so.
  const withTrace: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('traceparent', traceparentOf(CLIENT_HTTP_SPAN))
    headers.set('authorization', `Bearer ${TOKEN}`)
    return fetch(input, { ...init, headers })
  }
  for (const [index, era] of protocolEras.entries()) {
    const client = await connectMcpClient(`${baseUrl}/mcp`, era.mode, withTrace)
    const answer = await client.callTool({
      name: 'Relay_fetch',
      arguments: { url: `${downstreamUrl}?tag=mcp${index}&mark=${INPUT_MARK}` },
      _meta: { traceparent: traceparentOf(MCP_SPANS[index] as string) },
    })
    results.push(answer.structuredContent as Record<string, unknown>)
    const meta = { _meta: { traceparent: traceparentOf(MCP_SPANS[index] as string) } }
    const prompt = await client.getPrompt({ name: 'Relay_ask', arguments: { topic: 'x' }, ...meta })
    promptTexts.push(JSON.stringify(prompt.messages))
    const page = await client.readResource({ uri: 'relay://pages/1', ...meta })
    pageTexts.push(JSON.stringify(page.contents))
    const failing = await client.callTool({ name: 'Relay_fail', arguments: { text: INPUT_MARK } })
    expect(failing.isError).toBe(true)
    await client.close()
  }
  // SIGTERM: the shutdown sends the spans still buffered.
  await cli.stop()
}, 120_000)

afterAll(async () => {
  await cli?.stop()
  await Promise.all(
    [receiver, downstream].map((server) => new Promise((done) => server?.close(done))),
  )
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

/** The one span whose parent is `parent` and whose name is `name`. */
function childOf(parent: string | undefined, name: string): OtlpSpan {
  const found = spans().filter((span) => span.parentSpanId === parent && span.name === name)
  expect(found, `one span ${name} under ${parent}`).toHaveLength(1)
  return found[0] as OtlpSpan
}

describe('portico start with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('continues a REST call`s traceparent into the tool`s span and its fetch', () => {
    const server = childOf(CLIENT_SPAN, 'POST /api/Relay/fetch')
    expect(server.traceId).toBe(TRACE_ID)
    expect(server.kind).toBe(2)
    expect(attribute(server, 'http.route')).toEqual({ stringValue: '/api/Relay/fetch' })
    expect(attribute(server, 'portico.tool')).toEqual({ stringValue: 'Relay_fetch' })
    expect(attribute(server, 'http.response.status_code')).toEqual({ intValue: 200 })
    const tool = childOf(server.spanId, 'execute_tool Relay_fetch')
    expect(attribute(tool, 'gen_ai.tool.name')).toEqual({ stringValue: 'Relay_fetch' })
    expect(attribute(tool, 'gen_ai.operation.name')).toEqual({ stringValue: 'execute_tool' })
    const outbound = childOf(tool.spanId, 'GET')
    expect(outbound.kind).toBe(3)
    expect(attribute(outbound, 'http.response.status_code')).toEqual({ intValue: 204 })
    expect(received.get('rest')).toBe(`00-${TRACE_ID}-${outbound.spanId}-01`)
    // The tool reads the same trace on its ctx, its own span active.
    expect(results[0]).toMatchObject({
      status: 204,
      traceId: TRACE_ID,
      traceparent: `00-${TRACE_ID}-${tool.spanId}-01`,
    })
  })

  for (const [index, era] of protocolEras.entries()) {
    it(`continues ${era.name} _meta.traceparent into tools/call, the tool and its fetch`, () => {
      const mcp = childOf(MCP_SPANS[index], 'tools/call Relay_fetch')
      expect(mcp.traceId).toBe(TRACE_ID)
      expect(mcp.kind).toBe(2)
      expect(attribute(mcp, 'mcp.method.name')).toEqual({ stringValue: 'tools/call' })
      expect(attribute(mcp, 'gen_ai.tool.name')).toEqual({ stringValue: 'Relay_fetch' })
      expect(attribute(mcp, 'gen_ai.operation.name')).toEqual({ stringValue: 'execute_tool' })
      expect(attribute(mcp, 'jsonrpc.request.id')).toHaveProperty('stringValue')
      expect(attribute(mcp, 'mcp.protocol.version')).toHaveProperty('stringValue')
      expect(attribute(mcp, 'error.type')).toBeUndefined()
      // Linked to the HTTP request that carried it, itself a child of the client's HTTP span.
      const [link] = mcp.links ?? []
      const http = spans().find((span) => span.spanId === link?.spanId)
      expect(http?.name).toBe('POST /mcp')
      expect(http?.parentSpanId).toBe(CLIENT_HTTP_SPAN)
      const tool = childOf(mcp.spanId, 'execute_tool Relay_fetch')
      const outbound = childOf(tool.spanId, 'GET')
      expect(received.get(`mcp${index}`)).toBe(`00-${TRACE_ID}-${outbound.spanId}-01`)
      expect(results[index + 1]).toMatchObject({ status: 204, traceId: TRACE_ID })
    })
  }

  for (const [index, era] of protocolEras.entries()) {
    it(`gives ${era.name} prompts/get and a template's resources/read their method's span`, () => {
      const prompt = childOf(MCP_SPANS[index], 'prompts/get Relay_ask')
      expect(attribute(prompt, 'mcp.method.name')).toEqual({ stringValue: 'prompts/get' })
      expect(attribute(prompt, 'gen_ai.prompt.name')).toEqual({ stringValue: 'Relay_ask' })
      const method = childOf(prompt.spanId, 'prompt Relay_ask')
      expect(attribute(method, 'gen_ai.prompt.name')).toEqual({ stringValue: 'Relay_ask' })
      // The method ran within its span: its ctx.trace says so.
      expect(promptTexts[index]).toContain(TRACE_ID)
      const read = childOf(MCP_SPANS[index], 'resources/read')
      expect(attribute(read, 'portico.resource_template')).toEqual({ stringValue: 'Relay_page' })
      const template = childOf(read.spanId, 'resource_template Relay_page')
      expect(attribute(template, 'portico.resource_template')).toEqual({
        stringValue: 'Relay_page',
      })
      expect(pageTexts[index]).toContain(TRACE_ID)
    })
  }

  it('names every other MCP request by its method, in the same trace', () => {
    const methods = spans()
      .filter((span) => attribute(span, 'mcp.method.name') !== undefined)
      .map((span) => span.name)
    expect(methods).toContain('server/discover')
    expect(methods).toContain('initialize')
    for (const span of spans()) expect(span.traceId).toBe(TRACE_ID)
  })

  it('marks a failing tool`s span with its error, and logs the failure with its trace', () => {
    const server = childOf(CLIENT_SPAN, 'POST /api/Relay/fail')
    expect(attribute(server, 'error.type')).toEqual({ stringValue: '500' })
    const tool = childOf(server.spanId, 'execute_tool Relay_fail')
    expect(attribute(tool, 'error.type')).toEqual({ stringValue: 'execution' })
    const line = cli
      .output()
      .split('\n')
      .find((entry) => entry.includes('Relay_fail failed'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 'error',
      requestId: TRACE_ID,
      traceId: TRACE_ID,
      spanId: tool.spanId,
    })
    // The problem document quotes the same id.
    expect(failedProblem).toMatchObject({ status: 500, requestId: TRACE_ID })
  })

  it('marks an MCP call answered with isError as a tool_error', () => {
    const failed = spans().filter((span) => span.name === 'tools/call Relay_fail')
    expect(failed).toHaveLength(2)
    for (const span of failed) {
      expect(attribute(span, 'error.type')).toEqual({ stringValue: 'tool_error' })
      expect(childOf(span.spanId, 'execute_tool Relay_fail').name).toBe('execute_tool Relay_fail')
    }
  })

  it('sends the metrics over OTLP too: each tool call by tool and outcome, MCP ones included', () => {
    const points = metricBodies.flatMap((body) => {
      const parsed = JSON.parse(body) as {
        resourceMetrics: { scopeMetrics: { metrics: OtlpMetric[] }[] }[]
      }
      return parsed.resourceMetrics.flatMap((resource) =>
        resource.scopeMetrics.flatMap((scope) => scope.metrics),
      )
    })
    const tool = points.find((metric) => metric.name === 'portico.tool.duration')
    const counts = Object.fromEntries(
      (tool?.histogram?.dataPoints ?? []).map((point) => [
        point.attributes.map((entry) => entry.value.stringValue).join(' '),
        Number(point.count),
      ]),
    )
    // One REST call and one per MCP era of each tool.
    expect(counts).toMatchObject({ 'Relay_fetch ok': 3, 'Relay_fail execution': 3 })
    const names = points.map((metric) => metric.name)
    expect(names).toContain('http.server.request.duration')
    expect(names).toContain('portico.requests')
  })

  it('records no token, input or result in a span, a metric or a log line', () => {
    const all = bodies.join('\n')
    expect(all).toContain(TRACE_ID)
    for (const text of [all, metricBodies.join('\n'), cli.output()]) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(INPUT_MARK)
      expect(text).not.toContain('/hit')
    }
  })
})
