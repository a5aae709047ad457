import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUnavailableServer } from './create-unavailable-server.js'

const errors = ['tools/a.ts:3:5: "run": a static method is not a tool', '… and 2 more']
const server = createUnavailableServer(() => errors)
let base = ''

beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((closed) => server.close(() => closed())))

describe('createUnavailableServer', () => {
  it('answers 503 with the errors split into path and message, and closes the connection', async () => {
    const response = await fetch(`${base}/mcp`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(response.headers.get('connection')).toBe('close')
    expect(((await response.json()) as { errors: unknown }).errors).toEqual([
      { path: 'tools/a.ts:3:5', message: '"run": a static method is not a tool' },
      { path: '', message: '… and 2 more' },
    ])
  })

  it('lists no error to a request for a host that is not loopback', async () => {
    // fetch sets Host itself: node:http sends the one a rebinding DNS name would.
    const { status, body } = await new Promise<{ status: number | undefined; body: string }>(
      (done, fail) => {
        const sent = request(`${base}/`, { headers: { host: 'rebound.example' } }, (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8')
          })
          response.on('end', () => done({ status: response.statusCode, body: text }))
        })
        sent.on('error', fail)
        sent.end()
      },
    )
    expect(status).toBe(503)
    expect((JSON.parse(body) as { errors: unknown }).errors).toEqual([])
  })
})
