import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareBuiltPlugin } from '../../src/server/create-fetch-handler.js'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { rawMcp } from '../support/raw-mcp.js'
import { trickle } from '../support/raw-request.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

// `portico start` on a plugin whose limits are small (test/fixtures/limits-plugin): headers
// within 500 ms, a whole request within 1 s, three MCP GET streams, 1.5 s to finish on SIGTERM.

let plugin: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('limits-plugin'))
  await buildPlugin(plugin.dir)
})
afterAll(() => plugin?.remove())

/** `portico start` of the built fixture on a free port, once `/readyz` says so. */
async function start(): Promise<{ url: string; server: CliProcess }> {
  const port = await freePort()
  const server = runCli(['start', plugin.dir], { PORT: String(port), HOST: '127.0.0.1' })
  const url = `http://127.0.0.1:${port}`
  await pollUntil(async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined))
  return { url, server }
}

function callWork(url: string, method: string, input: unknown): Promise<Response> {
  return fetch(`${url}/api/Work/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
}

describe('portico start with slow clients', () => {
  let url: string
  let server: CliProcess
  beforeAll(async () => {
    ;({ url, server } = await start())
  })
  afterAll(() => server?.stop())

  it('cuts off a client that trickles its headers with 408, serving others meanwhile', async () => {
    const slow = trickle(
      url,
      'POST /api/Work/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: a\r\n',
    )
    const others = await Promise.all(
      Array.from({ length: 5 }, () => callWork(url, 'ping', {}).then((r) => r.status)),
    )
    expect(others).toEqual([200, 200, 200, 200, 200])
    const { answer, ms } = await slow
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeGreaterThan(450)
    expect(ms).toBeLessThan(3_000)
  })

  it('cuts off a client that trickles its body with 408', async () => {
    const head = [
      'POST /api/Work/sleep HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 200',
      '',
      '{"ms":',
    ].join('\r\n')
    const { answer, ms } = await trickle(url, head, ' ')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeGreaterThan(950)
    expect(ms).toBeLessThan(4_000)
    expect((await callWork(url, 'ping', {})).status).toBe(200)
  })

  it('answers the probes: /healthz for liveness, /readyz for readiness, never cached', async () => {
    for (const [path, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready' }],
    ] as const) {
      const response = await fetch(`${url}${path}`, { headers: { host: 'pod.internal:8080' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual(body)
    }
  })

  it('keeps at most limits.mcpStreams GET streams open, and takes another once one closes', async () => {
    // Three, not one: a stream counted twice would be refused as the second.
    const open = await Promise.all([1, 2, 3].map(() => openSessionStream(url)))
    expect(open.map((response) => response.status)).toEqual([200, 200, 200])
    const refused = await openSessionStream(url)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await refused.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringMatching(/3 streams are open/) },
    })
    await open[0]?.body?.cancel()
    const again = await pollUntil(async () => {
      const response = await openSessionStream(url)
      if (response.status === 200) return response
      await response.body?.cancel()
      return undefined
    })
    await Promise.all([again, ...open.slice(1)].map((response) => response?.body?.cancel()))
  })
})

/** Opens a 2025 session and its standalone GET stream; answers as the server did. */
async function openSessionStream(url: string): Promise<Response> {
  const session = await rawMcp(url).open()
  return session.get()
}

/** Reads a body until it ends or fails: resolves either way. */
async function readToEnd(response: Response): Promise<void> {
  try {
    await response.arrayBuffer()
  } catch {
    // A cut connection ends a stream too.
  }
}

/** Starts a server, sends it a call that sleeps `ms`, and SIGTERM 200 ms into that call. */
async function terminateDuringSleep(ms: number) {
  const { url, server } = await start()
  const call = callWork(url, 'sleep', { ms })
  await new Promise((resolve) => setTimeout(resolve, 200))
  const signalled = performance.now()
  server.child.kill('SIGTERM')
  return { url, server, call, signalled }
}

describe('portico start on SIGTERM', () => {
  it('finishes the call under way, takes no new connection, and exits 0', async () => {
    const { url, server, call, signalled } = await terminateDuringSleep(800)
    await pollUntil(async () =>
      fetch(`${url}/healthz`).then(
        () => undefined,
        () => true,
      ),
    )
    const answer = await call
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ slept: 800 })
    expect(await server.exited()).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(1_400)
    expect(server.output()).toMatch(/Stopping: the requests under way have 1500 ms to finish/)
    expect(server.output()).toMatch(/Stopped/)
  })

  it('cuts a call that outlasts limits.shutdownMs, then exits 0', async () => {
    const { server, call, signalled } = await terminateDuringSleep(10_000)
    await expect(call).rejects.toThrow()
    expect(await server.exited()).toBe(0)
    const ms = performance.now() - signalled
    expect(ms).toBeGreaterThan(1_400)
    expect(ms).toBeLessThan(4_000)
    expect(server.output()).toMatch(/Stopped with 1 requests unfinished after 1500 ms/)
  })

  it('ends the open event streams at once and exits within 1 s when only they are open', async () => {
    const { url, server } = await start()
    const streams = await Promise.all([1, 2].map(() => openSessionStream(url)))
    expect(streams.map((response) => response.status)).toEqual([200, 200])
    const bodies = streams.map((response) => readToEnd(response))
    const signalled = performance.now()
    server.child.kill('SIGTERM')
    expect(await server.exited()).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(1_000)
    // Each stream ended, cleanly or not, so that its client resumes elsewhere.
    await Promise.all(bodies)
    expect(server.output()).toMatch(/Stopped/)
    expect(server.output()).not.toMatch(/unfinished/)
  })
})

describe('readiness', () => {
  let issuer: TestIssuer
  let served: ServedPlugin
  beforeAll(async () => {
    issuer = await startTestIssuer()
    served = await servePlugin(fixtureDir('limits-plugin'), {
      auth: testAuthSettings(issuer),
      jwksCooldownMs: 0,
    })
  })
  afterAll(async () => {
    await served?.close()
    await issuer?.close()
  })

  it("fails while the issuer's keys cannot be had, and recovers when they can", async () => {
    issuer.failJwks('503')
    const down = await fetch(`${served.url}/readyz`)
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({ status: 'unavailable', reason: 'keys_unavailable' })
    expect((await fetch(`${served.url}/healthz`)).status).toBe(200)
    issuer.failJwks(undefined)
    const up = await fetch(`${served.url}/readyz`)
    expect(up.status).toBe(200)
  })

  it('fails once a graceful shutdown begins', async () => {
    const built = await prepareBuiltPlugin(plugin.dir, {})
    const readyz = () => built.fetch(new Request('http://127.0.0.1/readyz'))
    expect((await readyz()).status).toBe(200)
    built.drain()
    const draining = await readyz()
    expect(draining.status).toBe(503)
    expect(await draining.json()).toEqual({ status: 'unavailable', reason: 'draining' })
    built.close()
  })
})
