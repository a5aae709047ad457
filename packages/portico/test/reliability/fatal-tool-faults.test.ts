import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'
import { callTool, fixtureDir } from '../support/serve-plugin.js'

// What a tool that ends its process does to every other caller of the replica, as
// docs/tool-faults.md § "Tools that end the process" writes it down: each fault gets a
// `portico start` of its own, with calls under way on REST and on both MCP wires.

const wires: McpEra[] = ['2025', '2026']
/** How long the calls under way wait: far longer than the fault takes to end the process. */
const HOLD_MS = 20_000

let plugin: Awaited<ReturnType<typeof copyPlugin>>
beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('fatal-plugin'))
  await buildPlugin(plugin.dir)
})
afterAll(() => plugin?.remove())

const started: CliProcess[] = []
afterAll(async () => {
  for (const server of started) await server.stop()
})

/** `portico start` on the fixture, answering; `env` reaches the server's process. */
async function start(
  env: Record<string, string> = {},
): Promise<{ server: CliProcess; url: string }> {
  const port = await freePort()
  const server = runCli(['start', plugin.dir, '--port', String(port), '--host', '127.0.0.1'], env)
  started.push(server)
  const url = `http://127.0.0.1:${port}`
  await pollUntil(async () => (await fetch(`${url}/types.json`)).ok || undefined)
  return { server, url }
}

/** What a call ends with: its answer's text, or the error its client saw. */
async function outcome(call: Promise<unknown>): Promise<{ answered: unknown } | { lost: Error }> {
  try {
    return { answered: await call }
  } catch (error) {
    return { lost: error as Error }
  }
}

/** The code of the socket error under a failed `fetch` (`UND_ERR_SOCKET`, `ECONNRESET`...). */
function socketCode(error: Error): string | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    const code = (at as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

/** A REST call, read to its end. */
async function rest(url: string, tool: string, input: unknown = {}) {
  const response = await callTool(url, `/api/Fatal/${tool}`, input)
  return { status: response.status, text: await response.text() }
}

/** Calls under way on REST and on both MCP wires, started and given time to reach the tool. */
async function callsUnderWay(url: string) {
  const calls = [
    rest(url, 'hold', { ms: HOLD_MS }),
    ...wires.map((wire) =>
      rawMcp(url, { era: wire }).request('tools/call', {
        name: 'Fatal_hold',
        arguments: { ms: HOLD_MS },
      }),
    ),
  ].map(outcome)
  await new Promise((resolve) => setTimeout(resolve, 300))
  return calls
}

/** Every call under way lost its connection without an answer. */
async function expectAllLost(calls: Promise<{ answered: unknown } | { lost: Error }>[]) {
  for (const call of await Promise.all(calls)) {
    expect(call).toHaveProperty('lost')
    if ('lost' in call) expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(socketCode(call.lost))
  }
}

/** The replica is gone: a new call finds nothing listening. */
async function expectRefused(url: string) {
  const call = await outcome(rest(url, 'ping'))
  expect(call).toHaveProperty('lost')
  if ('lost' in call) expect(socketCode(call.lost)).toBe('ECONNREFUSED')
}

describe('a tool that ends the process under portico start', () => {
  it('answers its own call, then a throw from the timer it left behind logs one line and exits 1, losing every call under way', async () => {
    const { server, url } = await start()
    const under = await callsUnderWay(url)
    expect(await rest(url, 'throwLater')).toEqual({ status: 200, text: '{"ok":true}' })
    expect(await server.exited()).toBe(1)
    await expectAllLost(under)
    await expectRefused(url)
    const fatal = server
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === 'fatal')
    expect(fatal).toEqual([
      expect.objectContaining({
        message:
          'An exception nothing caught (a tool threw from a timer or callback): the process ends',
        error: expect.objectContaining({
          name: 'Error',
          message: 'thrown from a timer postgres://admin:hunter2@db.internal/prod',
          stack: expect.stringMatching(/tools\/fatal\.ts:\d+:\d+/),
        }),
      }),
    ])
  })

  it.each([0, 3])(
    'loses its own call and every call under way on process.exit(%i), and exits with that code',
    async (code) => {
      const { server, url } = await start()
      const under = await callsUnderWay(url)
      const own = await outcome(rest(url, 'exitProcess', { code }))
      expect(await server.exited()).toBe(code)
      await expectAllLost([Promise.resolve(own), ...under])
      await expectRefused(url)
      // Nothing is logged: the process ends inside the tool, before any line could be.
      expect(server.output()).not.toMatch(/"level":"(error|fatal)"/)
    },
  )

  it('loses its own call and every call under way when the heap runs out, and aborts', async () => {
    // A small heap, so the leak reaches its end in well under a second.
    const { server, url } = await start({ NODE_OPTIONS: '--max-old-space-size=64' })
    const under = await callsUnderWay(url)
    const own = await outcome(rest(url, 'leak'))
    await server.exited()
    expect(server.child.signalCode).toBe('SIGABRT')
    await expectAllLost([Promise.resolve(own), ...under])
    await expectRefused(url)
    expect(server.output()).toMatch(/JavaScript heap out of memory/)
  })
})

describe('with server.isolateTools, a tool that ends its worker', () => {
  let isolated: { server: CliProcess; url: string }
  /** How long the calls under way wait, isolated: long enough to span the fault. */
  const ISOLATED_HOLD_MS = 1500
  beforeAll(async () => {
    const config = `import { defineConfig } from 'portico'

export default defineConfig({
  title: 'Fatal',
  limits: { toolTimeoutMs: 3000 },
  server: { isolateTools: true },
})
`
    await writeFile(join(plugin.dir, 'portico.config.ts'), config)
    await buildPlugin(plugin.dir)
    isolated = await start()
  })

  /** A REST call and an MCP call under way (two workers), then the fault in a third. */
  async function faultAmongOthers(tool: string, input: unknown = {}) {
    const { url } = isolated
    const others = Promise.all([
      rest(url, 'hold', { ms: ISOLATED_HOLD_MS }),
      rawMcp(url, { era: '2026' }).request('tools/call', {
        name: 'Fatal_hold',
        arguments: { ms: ISOLATED_HOLD_MS },
      }),
    ])
    await new Promise((resolve) => setTimeout(resolve, 100))
    const [answer, mcp] = await Promise.all([
      rest(url, tool, input),
      rawMcp(url, { era: '2025' }).request<{ isError?: boolean; content: { text: string }[] }>(
        'tools/call',
        { name: `Fatal_${tool}`, arguments: input },
      ),
    ])
    const [held, heldMcp] = await others
    // The others answered as if nothing happened, and the server still serves.
    expect(held).toEqual({ status: 200, text: '{"held":true}' })
    expect(heldMcp.result).toMatchObject({ structuredContent: { held: true } })
    expect(await rest(url, 'ping')).toEqual({ status: 200, text: '{"pong":true}' })
    expect(isolated.server.child.exitCode).toBeNull()
    return { answer, mcp: mcp.result }
  }

  it.each([
    {
      what: 'process.exit(0)',
      tool: 'exitProcess',
      input: { code: 0 },
      log: /worker exited with code: 0/,
    },
    { what: 'a full heap', tool: 'leak', input: {}, log: /JS heap out of memory/ },
  ])(
    'ends its own call with a 500 or isError on $what, and the others go on',
    async ({ tool, input, log }) => {
      const { answer, mcp } = await faultAmongOthers(tool, input)
      expect(answer.status).toBe(500)
      expect(JSON.parse(answer.text)).toMatchObject({ type: 'urn:portico:problem:execution' })
      expect(mcp?.isError).toBe(true)
      await isolated.server.waitForOutput(log)
    },
  )

  it('answers the call that left a throwing timer, logs the throw and replaces the worker', async () => {
    const { answer, mcp } = await faultAmongOthers('throwLater')
    expect(answer).toEqual({ status: 200, text: '{"ok":true}' })
    expect(mcp?.isError).toBeUndefined()
    await isolated.server.waitForOutput(
      /A tool worker ended on an exception nothing caught, and is replaced:[^\n]*thrown from a timer/,
    )
  })

  it('stops a call that computes forever at its timeout, by ending its worker', async () => {
    const started = Date.now()
    const { answer } = await faultAmongOthers('spin')
    expect(answer.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(10_000)
    // The worker that spun is gone: a new call is served at once.
    expect(await rest(isolated.url, 'ping')).toEqual({ status: 200, text: '{"pong":true}' })
  })

  it('refuses to build a tool that takes a context', async () => {
    const tool = `import type { PorticoToolContext } from 'portico'

export class Asking {
  async ask(_input: { q: string }, ctx: PorticoToolContext): Promise<{ ok: boolean }> {
    return { ok: !ctx.signal.aborted }
  }
}
`
    await writeFile(join(plugin.dir, 'tools/asking.ts'), tool)
    try {
      await expect(buildPlugin(plugin.dir)).rejects.toThrow(
        /Asking_ask takes a context, which a tool cannot have with server\.isolateTools/,
      )
    } finally {
      await rm(join(plugin.dir, 'tools/asking.ts'))
    }
  })
})
