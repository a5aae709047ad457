import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { trickle } from '../support/raw-request.js'
import { fixtureDir } from '../support/serve-plugin.js'

// `portico dev` on the limits fixture (headers within 500 ms, a whole request within 1 s): the
// same timeouts as `portico start`, though its worker's server never listens itself.

let plugin: Awaited<ReturnType<typeof copyPlugin>>
let dev: CliProcess
let url: string

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('limits-plugin'))
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  dev = runCli(['dev', plugin.dir, '--port', String(port)])
  await pollUntil(async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined))
})
afterAll(async () => {
  await dev?.stop()
  await plugin?.remove()
})

describe('portico dev with slow clients', () => {
  it('cuts off a client that trickles its headers with 408 (limits.headersTimeoutMs)', async () => {
    const { answer, ms } = await trickle(
      url,
      'POST /api/Work/ping HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: a\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeGreaterThan(450)
    expect(ms).toBeLessThan(3_000)
  })

  it('cuts off a client that trickles its body with 408 (limits.requestTimeoutMs)', async () => {
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
  })
})
