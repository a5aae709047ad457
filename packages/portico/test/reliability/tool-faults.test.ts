import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setLogFormat } from '../../src/core/logger.js'
import { GENERIC_EXECUTION_DETAIL } from '../../src/http/problem-response.js'
import { buildPlugin } from '../support/build-plugin.js'
import { copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { expectProblem } from '../support/expect-problem.js'
import { useLoggedLines } from '../support/logged-lines.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { type McpAnswer, type McpEra, rawMcp } from '../support/raw-mcp.js'
import {
  callTool,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
  useServedInBothModes,
} from '../support/serve-plugin.js'

// What each fault answers is written down in docs/tool-faults.md: this file holds it to that.

const fixture = fixtureDir('faulty-plugin')
const served = useServedInBothModes(fixture)
/** The same plugin with REST on the Fetch handler, as runtimes other than Node serve it. */
let fetchServed: ServedPlugin
beforeAll(async () => {
  fetchServed = await servePlugin(fixture, { nodeEdge: false })
})
afterAll(() => fetchServed?.close())

/** Every line the server logged in this file, an Error as `Name: message`. */
const logged = useLoggedLines()
/** Every rejection that nothing handled while this file ran: there must be none. */
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled)
})
afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
})

const wires: McpEra[] = ['2025', '2026']
const SECRET = 'hunter2'

/** The log lines of one tool's failures. */
function failuresOf(tool: string): string[] {
  return logged.filter((line) => line.startsWith(`Faults_${tool} failed`))
}

/** A REST answer: its status, media type and body. */
interface RestAnswer {
  status: number
  type: string | null
  text: string
}

async function rest(url: string, tool: string, input: unknown = {}): Promise<RestAnswer> {
  const response = await callTool(url, `/api/Faults/${tool}`, input)
  const text = await response.text()
  return { status: response.status, type: response.headers.get('content-type'), text }
}

/** A `tools/call` over raw JSON-RPC on one wire. */
function mcpCall(url: string, wire: McpEra, tool: string, input: Record<string, unknown> = {}) {
  return rawMcp(url, { era: wire }).request<McpToolResult>('tools/call', {
    name: `Faults_${tool}`,
    arguments: input,
  })
}

interface McpToolResult {
  content: { type: string; text: string }[]
  structuredContent?: unknown
  isError?: boolean
}

/** The canary answers on REST and on both MCP wires: the server keeps serving. */
async function expectCanaryAnswers(url: string): Promise<void> {
  const answers = await Promise.all([
    rest(url, 'ping'),
    ...wires.map((wire) => mcpCall(url, wire, 'ping')),
  ])
  expect(answers[0]).toMatchObject({ status: 200, text: '{"pong":true}' })
  for (const answer of answers.slice(1))
    expect((answer as McpAnswer<McpToolResult>).result?.structuredContent).toEqual({
      pong: true,
    })
}

/** One fault and what it answers; `message` is shown in dev mode (and for a timeout, always). */
interface FaultCase {
  what: string
  tool: string
  kind: 'execution' | 'timeout'
  message: string
  /** The server log line of each call. */
  log: string
  /** Dev mode only: the stack shown, when the tool threw an Error. */
  stack?: RegExp
}

const outputMismatch = (tool: string, where: string) =>
  `The output of Faults_${tool} does not match its declared type: ${where}`

const faults: FaultCase[] = [
  {
    what: 'throws a string',
    tool: 'throwString',
    kind: 'execution',
    message: 'Faults_throwString failed: lost postgres://admin:hunter2@db.internal/prod',
    log: 'Faults_throwString failed: it threw a non-Error value: lost postgres://admin:hunter2@db.internal/prod',
  },
  {
    what: 'throws null',
    tool: 'throwNull',
    kind: 'execution',
    message: 'Faults_throwNull failed: null',
    log: 'Faults_throwNull failed: it threw a non-Error value: null',
  },
  {
    what: 'throws a plain object that refers to itself',
    tool: 'throwObject',
    kind: 'execution',
    message:
      'Faults_throwObject failed: {"code":"E_DB","url":"postgres://admin:hunter2@db.internal/prod","level":"debug","self":"[Circular]"}',
    log: 'Faults_throwObject failed: it threw a non-Error value: {"code":"E_DB","url":"postgres://admin:hunter2@db.internal/prod","level":"debug","self":"[Circular]"}',
  },
  {
    what: 'throws an object without a prototype',
    tool: 'throwBare',
    kind: 'execution',
    message: 'Faults_throwBare failed: {"code":"E_BARE"}',
    log: 'Faults_throwBare failed: it threw a non-Error value: {"code":"E_BARE"}',
  },
  {
    what: 'throws synchronously from a method that is not async',
    tool: 'throwSync',
    kind: 'execution',
    message: 'Faults_throwSync failed: sync postgres://admin:hunter2@db.internal/prod',
    log: 'Faults_throwSync failed: TypeError: sync postgres://admin:hunter2@db.internal/prod',
    stack: /^TypeError: sync postgres:.*\n\s+at Faults\.throwSync \(.*faults\.ts:\d+:\d+\)/,
  },
  {
    what: 'returns undefined where it declares an object',
    tool: 'returnUndefined',
    kind: 'execution',
    message: outputMismatch('returnUndefined', '/: must be an object'),
    log: `Faults_returnUndefined failed: PorticoError: ${outputMismatch('returnUndefined', '/: must be an object')}`,
  },
  {
    what: 'returns a circular object declared as unknown',
    tool: 'circular',
    kind: 'execution',
    message: outputMismatch(
      'circular',
      "/: cannot be written as JSON (Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    --- property 'self' closes the circle)",
    ),
    log: `Faults_circular failed: PorticoError: ${outputMismatch(
      'circular',
      "/: cannot be written as JSON (Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    --- property 'self' closes the circle)",
    )}`,
  },
  {
    what: 'returns a circular value of a recursive declared type',
    tool: 'circularTree',
    kind: 'execution',
    message: outputMismatch(
      'circularTree',
      '/children/0: cannot be written as JSON (it contains itself: a circular structure)',
    ),
    log: `Faults_circularTree failed: PorticoError: ${outputMismatch(
      'circularTree',
      '/children/0: cannot be written as JSON (it contains itself: a circular structure)',
    )}`,
  },
  {
    what: 'returns a BigInt where it declares a number',
    tool: 'bigint',
    kind: 'execution',
    message: outputMismatch('bigint', '/: must be a number'),
    log: `Faults_bigint failed: PorticoError: ${outputMismatch('bigint', '/: must be a number')}`,
  },
  {
    what: 'returns a BigInt nested in a declared object',
    tool: 'bigintNested',
    kind: 'execution',
    message: outputMismatch('bigintNested', '/count: must be a number'),
    log: `Faults_bigintNested failed: PorticoError: ${outputMismatch('bigintNested', '/count: must be a number')}`,
  },
  {
    what: 'returns a BigInt inside a value declared as unknown',
    tool: 'bigintUnknown',
    kind: 'execution',
    message: outputMismatch(
      'bigintUnknown',
      '/: cannot be written as JSON (Do not know how to serialize a BigInt)',
    ),
    log: `Faults_bigintUnknown failed: PorticoError: ${outputMismatch(
      'bigintUnknown',
      '/: cannot be written as JSON (Do not know how to serialize a BigInt)',
    )}`,
  },
  {
    what: 'never settles',
    tool: 'never',
    kind: 'timeout',
    message: 'Faults_never did not finish within 500 ms',
    log: 'Faults_never failed: PorticoError: Faults_never did not finish within 500 ms',
  },
]

describe.each(faults)('a tool that $what', (fault) => {
  const { tool, kind, message } = fault
  const status = kind === 'timeout' ? 504 : 500
  const title = kind === 'timeout' ? 'Tool timed out' : 'Tool execution failed'
  /** What production shows: a timeout's own message, else the generic one. */
  const shown = kind === 'timeout' ? message : GENERIC_EXECUTION_DETAIL
  let answers: {
    production: RestAnswer
    dev: RestAnswer
    mcp: { mode: string; wire: McpEra; answer: McpAnswer<McpToolResult> }[]
  }
  beforeAll(async () => {
    const modes = [
      ['production', served.production.url],
      ['dev', served.dev.url],
    ] as const
    // Six calls at once: REST, and both MCP wires, in each mode.
    const [production, dev, mcp] = await Promise.all([
      rest(served.production.url, tool),
      rest(served.dev.url, tool),
      Promise.all(
        modes.flatMap(([mode, url]) =>
          wires.map(async (wire) => ({ mode, wire, answer: await mcpCall(url, wire, tool) })),
        ),
      ),
    ])
    answers = { production, dev, mcp }
  })

  it(`answers REST with ${status} problem JSON that shows no message or stack in production`, () => {
    const { production } = answers
    expect(production.status).toBe(status)
    expect(production.type).toBe('application/problem+json; charset=utf-8')
    expect(JSON.parse(production.text)).toEqual({
      type: `urn:portico:problem:${kind}`,
      title,
      status,
      detail: shown,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    expect(production.text).not.toContain(SECRET)
    expect(production.text).not.toContain('faults.ts')
  })

  it(`answers REST with ${status} and the message in dev mode`, () => {
    const { dev } = answers
    expect(dev.status).toBe(status)
    const body = JSON.parse(dev.text) as Record<string, unknown>
    expect(body).toMatchObject({ type: `urn:portico:problem:${kind}`, title, status })
    expect(body.detail).toBe(message)
    if (fault.stack) expect(body.stack).toMatch(fault.stack)
    else expect(body).not.toHaveProperty('stack')
  })

  it('answers MCP on both wires with an isError result, its text as REST shows it', () => {
    expect(answers.mcp).toHaveLength(4)
    for (const { mode, wire, answer } of answers.mcp) {
      expect(answer.status, `${mode} ${wire}`).toBe(200)
      expect(answer.error, `${mode} ${wire}`).toBeUndefined()
      expect(answer.result, `${mode} ${wire}`).toMatchObject({
        content: [{ type: 'text', text: mode === 'dev' ? message : shown }],
        isError: true,
      })
      expect(answer.result?.structuredContent).toBeUndefined()
    }
  })

  it('logs each call once, with what the client was not shown', () => {
    expect(failuresOf(tool)).toEqual(Array(6).fill(fault.log))
  })

  it('keeps serving: a canary answers right after', async () => {
    await expectCanaryAnswers(served.production.url)
  })
})

describe('a tool whose result is odd but can be written', () => {
  it('answers null for a method that returns nothing, as it declares', async () => {
    const { url } = served.production
    expect(await rest(url, 'returnVoid')).toMatchObject({ status: 200, text: 'null' })
    for (const wire of wires) {
      const { result } = await mcpCall(url, wire, 'returnVoid')
      expect(result).toMatchObject({
        content: [{ type: 'text', text: '{"result":null}' }],
        structuredContent: { result: null },
      })
      expect(result?.isError).toBeUndefined()
    }
  })

  it('drops an undeclared property that refers to the object, cycle and all', async () => {
    const { url } = served.production
    expect(await rest(url, 'circularExtra')).toMatchObject({ status: 200, text: '{"name":"kept"}' })
    for (const wire of wires) {
      const { result } = await mcpCall(url, wire, 'circularExtra')
      expect(result?.structuredContent).toEqual({ name: 'kept' })
    }
    expect(failuresOf('circularExtra')).toEqual([])
  })
})

describe('a tool with a huge result', () => {
  it('sends a million-item array whole, over REST and both MCP wires', async () => {
    const { url } = served.production
    const answer = await rest(url, 'hugeArray')
    expect(answer.status).toBe(200)
    const items = JSON.parse(answer.text) as number[]
    expect(items).toHaveLength(1_000_000)
    expect(items.at(-1)).toBe(999_999)
    for (const wire of wires) {
      const { result } = await mcpCall(url, wire, 'hugeArray')
      const structured = result?.structuredContent as { result: number[] } | undefined
      expect(structured?.result).toHaveLength(1_000_000)
      expect(result?.content[0]?.text).toBe(`{"result":${answer.text}}`)
    }
    await expectCanaryAnswers(url)
  })

  it('sends 4 MiB of text whole (four times the request limit) over REST and both MCP wires', async () => {
    const { url } = served.production
    const size = 4 * 1024 * 1024
    const answer = await rest(url, 'hugeText')
    expect(answer.status).toBe(200)
    expect(answer.text).toHaveLength(size + '{"text":""}'.length)
    for (const wire of wires) {
      const { result } = await mcpCall(url, wire, 'hugeText')
      const structured = result?.structuredContent as { text: string } | undefined
      expect(structured?.text).toHaveLength(size)
    }
    await expectCanaryAnswers(url)
  })
})

describe('a tool that blocks the event loop for 200 ms', () => {
  it('answers when the block ends, and a call sent meanwhile answers right after it', async () => {
    const { url } = served.production
    for (const call of [
      () => rest(url, 'block', { ms: 200 }).then((answer) => JSON.parse(answer.text) as unknown),
      ...wires.map(
        (wire) => () =>
          mcpCall(url, wire, 'block', { ms: 200 }).then(({ result }) => result?.structuredContent),
      ),
    ]) {
      const started = Date.now()
      const blocked = call()
      await new Promise((resolve) => setTimeout(resolve, 50))
      const canary = rest(url, 'ping').then((answer) => ({ ...answer, at: Date.now() }))
      expect(await blocked).toEqual({ blockedMs: expect.any(Number) })
      expect(((await blocked) as { blockedMs: number }).blockedMs).toBeGreaterThanOrEqual(200)
      const { status, at } = await canary
      expect(status).toBe(200)
      // Nothing runs during the block; the canary waits for it, then for nothing else.
      expect(at - started).toBeLessThan(2_000)
    }
    expect(failuresOf('block')).toEqual([])
  })

  it('answers when a block outlasts the time limit, which cannot interrupt it', async () => {
    const { url } = served.production
    const [answer, mcp] = await Promise.all([
      rest(url, 'block', { ms: 700 }),
      mcpCall(url, '2026', 'block', { ms: 700 }),
    ])
    expect(answer.status).toBe(200)
    expect(mcp.result?.structuredContent).toEqual({ blockedMs: expect.any(Number) })
    expect(failuresOf('block')).toEqual([])
    await expectCanaryAnswers(url)
  })
})

describe('a tool that never settles', () => {
  it('answers other calls meanwhile, on REST and both MCP wires', async () => {
    const { url } = served.production
    let settled = false
    const hung = Promise.all([
      rest(url, 'never'),
      ...wires.map((wire) => mcpCall(url, wire, 'never')),
    ]).finally(() => {
      settled = true
    })
    await expectCanaryAnswers(url)
    expect(settled).toBe(false)
    const [answer, ...mcp] = await hung
    expect(answer?.status).toBe(504)
    for (const call of mcp) expect((call as McpAnswer<McpToolResult>).result?.isError).toBe(true)
  })
})

describe('a tool that rejects after its time limit answered', () => {
  it.each([
    { what: 'an Error', input: {}, log: 'Error: late postgres://admin:hunter2@db.internal/prod' },
    {
      what: 'a string',
      input: { withString: true },
      log: 'it threw a non-Error value: late postgres://admin:hunter2@db.internal/prod',
    },
  ])(
    'logs the late rejection with $what, throws nothing, and keeps serving',
    async ({ input, log }) => {
      const { url } = served.production
      const before = failuresOf('lateReject').length
      const [answer, ...mcp] = await Promise.all([
        rest(url, 'lateReject', input),
        ...wires.map((wire) => mcpCall(url, wire, 'lateReject', input)),
      ])
      expect(JSON.parse(answer?.text ?? '')).toMatchObject({
        status: 504,
        detail: 'Faults_lateReject did not finish within 500 ms',
      })
      for (const call of mcp)
        expect((call as McpAnswer<McpToolResult>).result).toMatchObject({
          content: [{ text: 'Faults_lateReject did not finish within 500 ms' }],
          isError: true,
        })
      // Each call logs its timeout, then its late rejection once it comes.
      const lines = await pollUntil(async () => {
        const now = failuresOf('lateReject').slice(before)
        return now.length >= 6 ? now : undefined
      })
      expect(lines.filter((line) => line.endsWith('did not finish within 500 ms'))).toHaveLength(3)
      expect(lines.filter((line) => line === `Faults_lateReject failed: ${log}`)).toHaveLength(3)
      await expectCanaryAnswers(url)
      expect(unhandled).toEqual([])
    },
  )
})

describe("a client that goes away mid-call aborts the tool's signal", () => {
  /** Starts `hold` under `tag`, lets `goAway` end the client's side, then reads why it aborted. */
  async function abortAfterLeaving(url: string, tag: string, goAway: () => Promise<unknown>) {
    await goAway()
    return pollUntil(async () => {
      const answer = await rest(url, 'abortOf', { tag })
      const state = JSON.parse(answer.text) as { aborted: boolean; reason?: string }
      return state.aborted ? state.reason : undefined
    })
  }

  /** POSTs to `path` and aborts the request 100 ms later, once the call runs. */
  async function postAndAbort(url: string, path: string, init: RequestInit) {
    const controller = new AbortController()
    const request = fetch(`${url}${path}`, { ...init, method: 'POST', signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    await expect(request).rejects.toThrow(/abort/i)
  }

  it.each([
    { edge: 'the Node edge', plugin: () => served.production, reason: 'The client went away' },
    {
      edge: 'the Fetch handler',
      plugin: () => fetchServed,
      reason: 'Client connection prematurely closed.',
    },
  ])('on REST, served by $edge, when the fetch is aborted', async ({ edge, plugin, reason }) => {
    const { url } = plugin()
    const tag = `rest ${edge}`
    const why = await abortAfterLeaving(url, tag, () =>
      postAndAbort(url, '/api/Faults/hold', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tag }),
      }),
    )
    expect(why).toBe(reason)
    await expectCanaryAnswers(url)
  })

  it.each(wires)('on MCP (%s wire) when the request is aborted', async (wire) => {
    const { url } = served.production
    const tag = `mcp ${wire}`
    const modern = wire === '2026'
    const params = { name: 'Faults_hold', arguments: { tag } }
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }
    const why = await abortAfterLeaving(url, tag, () =>
      postAndAbort(url, '/mcp', {
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25',
          ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'Faults_hold' } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: modern ? { ...params, _meta: envelope } : params,
        }),
      }),
    )
    // The disconnect, not the time limit, aborted it.
    expect(why).toBe('Client connection prematurely closed.')
    await expectCanaryAnswers(url)
  })

  it.each(protocolEras)(
    'on MCP when the official client closes its connection ($name)',
    async ({ name, mode }) => {
      const { url } = served.production
      const client = await connectMcpClient(`${url}/mcp`, mode)
      const tag = `sdk ${name}`
      const why = await abortAfterLeaving(url, tag, async () => {
        const call = client.callTool({ name: 'Faults_hold', arguments: { tag } })
        await new Promise((resolve) => setTimeout(resolve, 100))
        await client.close()
        await expect(call).rejects.toThrow(/closed/i)
      })
      expect(why).toBe('Client connection prematurely closed.')
      await expectCanaryAnswers(url)
    },
  )
})

describe('the JSON-lines log', () => {
  it('takes a thrown object that refers to itself without failing the answer', async () => {
    // Regression: the JSON-lines reporter threw on it, and the call became an opaque 500.
    setLogFormat('json')
    try {
      const answer = await rest(served.production.url, 'throwObject')
      expect(JSON.parse(answer.text)).toEqual({
        type: 'urn:portico:problem:execution',
        title: 'Tool execution failed',
        status: 500,
        detail: GENERIC_EXECUTION_DETAIL,
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
    } finally {
      setLogFormat('pretty')
    }
  })
})

describe('under portico start', () => {
  let plugin: Awaited<ReturnType<typeof copyPlugin>>
  let server: ReturnType<typeof runCli>
  let url: string
  beforeAll(async () => {
    plugin = await copyPlugin(fixture)
    await buildPlugin(plugin.dir)
    const port = await freePort()
    server = runCli(['start', plugin.dir, '--port', String(port), '--host', '127.0.0.1'])
    url = `http://127.0.0.1:${port}`
    await pollUntil(async () => (await fetch(`${url}/types.json`)).ok || undefined)
  })
  afterAll(async () => {
    await server?.stop()
    await plugin?.remove()
  })

  /** The JSON log lines printed so far. */
  const entries = () =>
    server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)

  it('writes a JSON line for each fault, odd throws and late rejections included', async () => {
    await expectProblem(await rest(url, 'throwObject'), 'execution')
    await expectProblem(await rest(url, 'throwNull'), 'execution')
    await expectProblem(await rest(url, 'lateReject'), 'timeout')
    await server.waitForOutput(/late postgres/)
    const errors = entries().filter((entry) => entry.level === 'error')
    expect(errors.map((entry) => entry.message)).toEqual([
      'Faults_throwObject failed: it threw a non-Error value: {"code":"E_DB","url":"postgres://admin:hunter2@db.internal/prod","level":"debug","self":"[Circular]"}',
      'Faults_throwNull failed: it threw a non-Error value: null',
      'Faults_lateReject failed:',
      'Faults_lateReject failed:',
    ])
    expect(errors[2]?.error).toMatchObject({
      name: 'PorticoError',
      message: 'Faults_lateReject did not finish within 500 ms',
    })
    expect(errors[3]?.error).toMatchObject({
      name: 'Error',
      message: 'late postgres://admin:hunter2@db.internal/prod',
      stack: expect.stringMatching(/at Faults\.lateReject \(.*tools\/faults\.ts:\d+:\d+\)/),
    })
    await expectCanaryAnswers(url)
  })

  // A promise the tool leaves behind is beyond the runtime's reach: the process logs it.
  it('keeps serving after a tool leaves a rejecting promise that nothing handles, and logs it', async () => {
    expect((await rest(url, 'floatingReject')).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.child.exitCode).toBeNull()
    await expectCanaryAnswers(url)
    await server.waitForOutput(
      /A promise rejected with nothing to handle it[^\n]*"message":"floating /,
    )
  })
})
