import { writeFile } from 'node:fs/promises'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir } from '../support/serve-plugin.js'
import { type BurstFigures, burst } from './burst.js'

// `portico start` on a plugin whose one tool spins the CPU for 50 ms (test/fixtures/
// overload-plugin), hit by 100 calls at once: 5 s of work arriving in one instant. With the
// default `limits.eventLoopDelayMs` (200 ms) the server sheds what it cannot start soon; with 0
// (the behaviour before shedding) every call queues behind the others. Both servers take the
// same burst in one test, so the comparison holds however busy the machine is.

const CALLS = 100
const SPIN_MS = 50
/**
 * Latencies are judged against the burst's own work, not a clock a quiet machine meets: a loaded
 * machine slows shedding and queueing alike, but only queueing makes a caller wait for the work
 * of the calls ahead of it. Shedding must spare the last caller at least half of that work.
 */
const HALF_THE_WORK_MS = (CALLS * SPIN_MS) / 2

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
  let queueingUrl: string
  let queueingServer: CliProcess
  beforeAll(async () => {
    ;[{ url, server }, { url: queueingUrl, server: queueingServer }] = await Promise.all([
      start(shedding.dir),
      start(queueing.dir),
    ])
  })
  afterAll(async () => {
    await Promise.all([server?.stop(), queueingServer?.stop()])
  })

  it('sheds with 503 and Retry-After, answering far sooner than a queue would, and answers probes', async () => {
    // The same burst, one server after the other so neither slows the other.
    const queued: BurstFigures = await burst(queueingUrl, { calls: CALLS, spinMs: SPIN_MS })
    const figures = await burst(url, { calls: CALLS, spinMs: SPIN_MS })

    // With shedding off (limits.eventLoopDelayMs: 0) every call runs, the last after all the others.
    expect(queued.answers.every((answer) => answer.status === 200)).toBe(true)
    expect(queued.maxMs).toBeGreaterThan(CALLS * SPIN_MS * 0.8)

    const shed = figures.answers.filter((answer) => answer.status === 503)
    const done = figures.answers.filter((answer) => answer.status === 200)
    expect(shed.length).toBeGreaterThan(0)
    expect(done.length).toBeGreaterThan(0)
    expect(shed.length + done.length).toBe(CALLS)
    for (const answer of shed) {
      expect(answer.retryAfter).toBe('1')
      expect(answer.type).toBe('urn:portico:problem:unavailable')
    }
    expect(done.length * SPIN_MS, 'work admitted').toBeLessThan(HALF_THE_WORK_MS)
    expect(figures.maxMs, 'slowest answer, shedding').toBeLessThan(queued.maxMs - HALF_THE_WORK_MS)
    expect(figures.healthzMs).toBeLessThan(HALF_THE_WORK_MS)
    expect(figures.readyzMs).toBeLessThan(HALF_THE_WORK_MS)
    expect(figures.healthzStatus).toBe(200)
    expect(figures.readyzStatus).toBe(200)
  })

  it('refuses MCP calls with a JSON-RPC error while shedding', async () => {
    // The same burst over MCP: `tools/call` on the 2026-07-28 wire, on kept-alive connections.
    const { answers } = await burst(url, { calls: CALLS, spinMs: SPIN_MS, surface: 'mcp' })
    const shed = answers.filter((answer) => answer.status === 503)
    expect(shed.length).toBeGreaterThan(0)
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0)
    for (const answer of shed) {
      expect(answer.retryAfter).toBe('1')
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

  it('serves the first calls of a fresh replica whose proxy holds idle connections open', async () => {
    // A replica just started, behind a proxy whose keep-alive pool opened 50 connections to it
    // (`/healthz` opens them, costing nothing), then its first, cold calls one after the other:
    // documents built on first use, each surface's first call. Nothing is queued, so nothing is
    // shed (an idle connection counted as a waiting request shed them: 50 times a cold call).
    const fresh = await start(shedding.dir)
    const pool = new Agent({ keepAlive: true, maxSockets: 50 })
    try {
      const open = () =>
        new Promise<void>((done, fail) => {
          httpRequest(`${fresh.url}/healthz`, { agent: pool }, (response) => {
            response.resume().on('end', done)
          })
            .on('error', fail)
            .end()
        })
      await Promise.all(Array.from({ length: 50 }, open))
      // As a deployment's first traffic: its readiness read off a document, a REST call, then
      // the official client in each era (initialize, the call, the stream it opens).
      const openApi = await fetch(`${fresh.url}/open-api.json`)
      await openApi.arrayBuffer()
      const rest = await fetch(`${fresh.url}/api/Busy/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 1 }),
      })
      await rest.arrayBuffer()
      expect([openApi.status, rest.status]).toEqual([200, 200])
      for (const { name, mode } of protocolEras) {
        const client = await connectMcpClient(`${fresh.url}/mcp`, mode)
        try {
          const result = await client.callTool({ name: 'Busy_spin', arguments: { ms: 1 } })
          expect(result.isError, name).toBeFalsy()
        } finally {
          await client.close()
        }
      }
    } finally {
      pool.destroy()
      await fresh.server.stop()
    }
  })

  it('sheds nothing that arrived while the machine did not run it (a starved, throttled or stopped process)', async () => {
    // A server of its own: the bursts' connections, still open on the other, are not this case.
    const paused = await start(shedding.dir)
    const call = async () => {
      const response = await fetch(`${paused.url}/api/Busy/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ms: 1 }),
      })
      await response.arrayBuffer()
      return response.status
    }
    const many = () => Promise.all(Array.from({ length: 5 }, call))
    // Kept-alive connections, as a proxy's pool holds: their next requests are read in the first
    // loop turn after the process runs again, before its clock can tick. Repeated until the
    // server has learnt from them that a call is cheap.
    await pollUntil(async () =>
      (await many()).every((status) => status === 200) ? true : undefined,
    )
    // Then idle for a few of its clock's ticks, as a process the machine stops between requests:
    // a loop stopped while busy is the shedding of the tests above, not this case.
    await new Promise((done) => setTimeout(done, 300))
    const pid = paused.server.child.pid as number
    process.kill(pid, 'SIGSTOP')
    let answers: Promise<number[]>
    try {
      answers = many()
      // Each call reaches the stopped process's socket; the wait is the process's, not the loop's.
      await new Promise((done) => setTimeout(done, 1_000))
    } finally {
      process.kill(pid, 'SIGCONT')
    }
    try {
      expect(await answers).toEqual(Array(5).fill(200))
    } finally {
      await paused.server.stop()
    }
  })
})
