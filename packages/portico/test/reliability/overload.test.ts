import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { rawMcp } from '../support/raw-mcp.js'
import { fixtureDir } from '../support/serve-plugin.js'
import { type BurstFigures, burst } from './burst.js'

// `portico start` on a plugin whose one tool spins the CPU for 50 ms (test/fixtures/
// overload-plugin), hit by 100 calls at once: 5 s of work arriving in one instant. With the
// default `limits.eventLoopDelayMs` (200 ms) the server sheds what it cannot start soon; with 0
// (the behaviour before shedding) every call queues behind the others.

const CALLS = 100
const SPIN_MS = 50
/** The threshold, a tick of its clock, one call under way, and room for a loaded machine. */
const BOUND_MS = 1_000

let shedding: Awaited<ReturnType<typeof copyPlugin>>
let queueing: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  shedding = await copyPlugin(fixtureDir('overload-plugin'))
  queueing = await copyPlugin(fixtureDir('overload-plugin'))
  await writeFile(
    join(queueing.dir, 'portico.config.ts'),
    "import { defineConfig } from 'portico'\n\nexport default defineConfig({ title: 'Overload', limits: { eventLoopDelayMs: 0 } })\n",
  )
  await Promise.all([buildPlugin(shedding.dir), buildPlugin(queueing.dir)])
})
afterAll(async () => {
  await shedding?.remove()
  await queueing?.remove()
})

async function start(dir: string): Promise<{ url: string; server: CliProcess }> {
  const port = await freePort()
  const server = runCli(['start', dir], { PORT: String(port), HOST: '127.0.0.1' })
  const url = `http://127.0.0.1:${port}`
  await pollUntil(async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined))
  return { url, server }
}

describe('portico start under a burst of CPU-bound calls', () => {
  let url: string
  let server: CliProcess
  beforeAll(async () => {
    ;({ url, server } = await start(shedding.dir))
  })
  afterAll(() => server?.stop())

  it('sheds with 503 and Retry-After, keeps every answer within a bound, answers probes', async () => {
    const figures = await burst(url, { calls: CALLS, spinMs: SPIN_MS })
    const shed = figures.answers.filter((answer) => answer.status === 503)
    const done = figures.answers.filter((answer) => answer.status === 200)
    expect(shed.length).toBeGreaterThan(0)
    expect(done.length).toBeGreaterThan(0)
    expect(shed.length + done.length).toBe(CALLS)
    for (const answer of shed) {
      expect(answer.retryAfter).toBe('1')
      expect(answer.type).toBe('urn:portico:problem:unavailable')
    }
    expect(figures.maxMs).toBeLessThan(BOUND_MS)
    expect(figures.healthzMs).toBeLessThan(BOUND_MS)
    expect(figures.readyzMs).toBeLessThan(BOUND_MS)
    expect(figures.healthzStatus).toBe(200)
    expect(figures.readyzStatus).toBe(200)
  })

  it('refuses MCP calls with a JSON-RPC error while shedding', async () => {
    const loaded = burst(url, { calls: CALLS, spinMs: SPIN_MS })
    const mcp = rawMcp(url, { era: '2026' })
    // Sent while the burst holds the loop.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        mcp.request('tools/call', { name: 'Busy_spin', arguments: { ms: SPIN_MS } }),
      ),
    )
    await loaded
    const shed = answers.filter((answer) => answer.status === 503)
    expect(shed.length).toBeGreaterThan(0)
    for (const answer of shed) {
      expect(answer.headers.get('retry-after')).toBe('1')
      expect(answer.error?.code).toBe(-32000)
      expect(answer.error?.message).toMatch(/overloaded/)
    }
  })

  it('serves normally once the burst is over and Retry-After has passed', async () => {
    await burst(url, { calls: CALLS, spinMs: SPIN_MS })
    await new Promise((done) => setTimeout(done, 1_000))
    const calm = await burst(url, { calls: 1, spinMs: SPIN_MS })
    expect(calm.answers.map((answer) => answer.status)).toEqual([200])
  })
})

describe('portico start with shedding off (limits.eventLoopDelayMs: 0)', () => {
  let url: string
  let server: CliProcess
  beforeAll(async () => {
    ;({ url, server } = await start(queueing.dir))
  })
  afterAll(() => server?.stop())

  it('queues every call: no 503, and the last waits for all the others', async () => {
    const figures: BurstFigures = await burst(url, { calls: CALLS, spinMs: SPIN_MS })
    expect(figures.answers.every((answer) => answer.status === 200)).toBe(true)
    // 100 calls of 50 ms, one after the other.
    expect(figures.maxMs).toBeGreaterThan(CALLS * SPIN_MS * 0.8)
  })
})
