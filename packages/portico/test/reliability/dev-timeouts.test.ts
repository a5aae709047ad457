import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
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

/** Sends `head`, then `drip` every 100 ms; resolves with the answer and when the server closed. */
function trickle(head: string, drip: string): Promise<{ answer: string; ms: number }> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head))
    let answer = ''
    const timer = setInterval(() => socket.write(drip), 100)
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(new Error(`still connected after 8 s; got ${JSON.stringify(answer)}`))
    }, 8_000)
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(giveUp)
      resolve({ answer, ms: performance.now() - started })
    })
  })
}

describe('portico dev with slow clients', () => {
  it('cuts off a client that trickles its headers with 408 (limits.headersTimeoutMs)', async () => {
    const { answer, ms } = await trickle(
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
    const { answer, ms } = await trickle(head, ' ')
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeGreaterThan(950)
    expect(ms).toBeLessThan(4_000)
  })
})
