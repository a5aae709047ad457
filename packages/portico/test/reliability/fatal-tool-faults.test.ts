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
