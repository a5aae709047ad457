import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { readBodyBytes, readIncomingBody } from './read-body.js'

const cutOff = {
  name: 'PorticoError',
  kind: 'bad_request',
  message: 'The request body ended before it was complete',
}

/** A body stream that sends one chunk, then fails as a dropped connection does. */
function brokenStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":'))
      controller.error(new Error('aborted'))
    },
  })
}

/** A body stream that sends one chunk, then nothing more and never ends; `cancelled` once cancelled. */
function endlessStream(): { body: ReadableStream<Uint8Array>; cancelled: Promise<void> } {
  let cancel: () => void = () => {}
  const cancelled = new Promise<void>((resolve) => {
    cancel = resolve
  })
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":'))
    },
    cancel,
  })
  return { body, cancelled }
}

/** A body stream that sends `parts`, one every `everyMs`, then ends. */
function slowStream(parts: string[], everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, everyMs))
      const part = parts[sent++]
      if (part === undefined) controller.close()
      else controller.enqueue(new TextEncoder().encode(part))
    },
  })
}

function postOf(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1/api/x', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit)
}

describe('readBodyBytes', () => {
  it('rejects a streamed body that breaks off as a bad request, not a server fault', async () => {
    await expect(readBodyBytes(postOf(brokenStream()), 1024)).rejects.toMatchObject(cutOff)
  })

  it('rejects a body of declared length that breaks off as a bad request', async () => {
    const request = postOf(brokenStream(), { 'content-length': '10' })
    await expect(readBodyBytes(request, 1024)).rejects.toMatchObject(cutOff)
  })

  it.each([
    ['without a length', {}],
    ['with a declared length', { 'content-length': '10' }],
  ])(
    'ends a body that never ends (%s) at the deadline with 408, and cancels it',
    async (_, headers) => {
      const { body, cancelled } = endlessStream()
      const started = performance.now()
      await expect(readBodyBytes(postOf(body, headers), 1024, 100)).rejects.toMatchObject({
        kind: 'request_timeout',
        message: 'The request body did not arrive within 100 ms: send it whole, at once',
      })
      const elapsed = performance.now() - started
      expect(elapsed).toBeGreaterThanOrEqual(99)
      expect(elapsed).toBeLessThan(1_000)
      await cancelled
    },
  )

  it('reads a slow body that arrives whole within the deadline', async () => {
    const body = slowStream(['{"a":', '1', '}'], 20)
    const bytes = await readBodyBytes(postOf(body), 1024, 2_000)
    expect(new TextDecoder().decode(bytes)).toBe('{"a":1}')
  })
})

describe('readIncomingBody', () => {
  it('rejects a body whose client goes away before its end as a bad request', async () => {
    // Wrapped, so that the reading promise is handed over rather than awaited.
    let started: (reading: { body: Promise<Uint8Array> }) => void = () => {}
    const reading = new Promise<{ body: Promise<Uint8Array> }>((resolve) => {
      started = resolve
    })
    const server = createServer((request) => started({ body: readIncomingBody(request, 1024) }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const client = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/' })
      client.on('error', () => {})
      client.write('{"a":')
      const { body } = await reading
      client.destroy()
      await expect(body).rejects.toMatchObject(cutOff)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
