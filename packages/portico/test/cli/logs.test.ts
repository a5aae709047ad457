import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { expectProblem } from '../support/expect-problem.js'
import { callTool, fixtureDir } from '../support/serve-plugin.js'

const secret = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl'
let plugin: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('probe-plugin'))
  await buildPlugin(plugin.dir)
})
afterAll(() => plugin.remove())

/** Serves the plugin with `portico <command>` until `use` is done; returns what it printed. */
async function withServer(
  command: 'start' | 'dev',
  use: (url: string, server: CliProcess) => Promise<void>,
): Promise<string> {
  const port = await freePort()
  const server = runCli([command, plugin.dir, '--port', String(port), '--host', '127.0.0.1'])
  const url = `http://127.0.0.1:${port}`
  try {
    await pollUntil(async () => (await fetch(`${url}/types.json`)).ok || undefined)
    await use(url, server)
  } finally {
    await server.stop()
  }
  return server.output()
}

describe('the log', () => {
  it('is JSON lines in production, with the stack of every 500 and timeout, and no token', async () => {
    const output = await withServer('start', async (url) => {
      const headers = { authorization: `Bearer ${secret}` }
      expect(
        (await callTool(url, `/api/Probe/fail?access_token=${secret}`, {}, headers)).status,
      ).toBe(500)
      await expectProblem(await callTool(url, '/api/Probe/slow', {}, headers), 'timeout')
      // The slow tool finishes after its timeout; give its late result a moment to be dropped.
      await new Promise((done) => setTimeout(done, 200))
    })
    const lines = output.trim().split('\n')
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    for (const entry of entries)
      expect(entry).toMatchObject({ time: expect.any(String), level: expect.any(String) })
    const failure = entries.find((entry) => entry.message === 'Probe_fail failed:')
    expect(failure).toMatchObject({
      level: 'error',
      // Source maps: the stack names the TypeScript line, not the compiled module.
      error: { stack: expect.stringMatching(/at Probe\.fail \(.*tools\/probe\.ts:\d+:\d+\)/) },
    })
    const timeout = entries.find((entry) => entry.message === 'Probe_slow failed:')
    expect(timeout).toMatchObject({
      level: 'error',
      error: {
        name: 'PorticoError',
        stack: expect.stringContaining('did not finish within 300 ms'),
      },
    })
    expect(output).not.toContain(secret)
  })

  it('has a line per request in dev, the path without its query', async () => {
    const output = await withServer('dev', async (url, server) => {
      expect((await callTool(url, `/api/Probe/args?access_token=${secret}`, {})).status).toBe(200)
      await expectProblem(await fetch(`${url}/nothing-here`), 'not_found')
      await server.waitForOutput(/GET \/nothing-here/)
    })
    expect(output).toMatch(/POST \/api\/Probe\/args 200 \d+ ms/)
    expect(output).toMatch(/GET \/nothing-here 404 \d+ ms/)
    expect(output).not.toContain(secret)
  })
})
