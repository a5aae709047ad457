import type { IncomingMessage } from 'node:http'
import { PorticoError } from '../core/portico-error.js'

/**
 * Reads a request body within a size limit (413 beyond it; 400 for a body cut off before its
 * end) and, given `deadlineMs`, within a time (408 past it, the body's stream cancelled).
 *
 * The deadline is `limits.requestTimeoutMs` on the hosts that bound nothing themselves (Deno,
 * Bun and workerd hold a body that never ends open for as long as its client keeps the
 * connection). Under `portico start` and `portico dev`, node:http's `requestTimeout` already
 * ends such a request with that same figure, so the app passes none and Node's hot path gets
 * no timer of its own (see `AppOptions.hostTimesRequests`).
 *
 * Without a deadline, a body with a declared length is read in one piece: the Node adapter
 * serves `arrayBuffer()` straight from the socket, about five times faster than a stream
 * reader. A body without one (chunked), or any body with a deadline, is read from its stream and
 * counted as it arrives, so it cannot grow past the limit in memory, and the reader this holds
 * can cancel it (a locked stream cannot be cancelled from outside `arrayBuffer()`).
 */
export async function readBodyBytes(
  request: Request,
  limitBytes: number,
  deadlineMs?: number,
): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge(limitBytes)
  if (declared !== null && deadlineMs === undefined) {
    return new Uint8Array(await request.arrayBuffer().catch(cutOff))
  }
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  // Cancelling settles the pending read: as done (the Streams spec, Deno, Bun) or as failed
  // (workerd). Either way `expired` tells that end from the body's own.
  let expired: PorticoError | undefined
  const timer =
    deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          expired = tooSlow(deadlineMs)
          reader.cancel().catch(() => {})
        }, deadlineMs)
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((cause: unknown) => {
        throw expired ?? cutOffError(cause)
      })
      if (expired) throw expired
      if (done) break
      total += value.byteLength
      if (total > limitBytes) {
        await reader.cancel()
        throw tooLarge(limitBytes)
      }
      chunks.push(value)
    }
  } finally {
    clearTimeout(timer)
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** {@link readBodyBytes} for a `node:http` request: the same limit, declared or counted. */
export function readIncomingBody(request: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > limitBytes) {
      request.resume()
      reject(tooLarge(limitBytes))
      return
    }
    const chunks: Buffer[] = []
    let total = 0
    request.on('data', (chunk: Buffer) => {
      total += chunk.byteLength
      if (total > limitBytes) {
        // Keep draining what the client still sends, but keep none of it.
        request.removeAllListeners('data')
        request.resume()
        reject(tooLarge(limitBytes))
        return
      }
      chunks.push(chunk)
    })
    // `on`, not `once`: each comes once (or its second is a no-op), and `once` wraps each
    // listener in a closure of its own, on every request.
    request.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    )
    request.on('error', (error) => reject(cutOffError(error)))
  })
}

/**
 * A body that never arrived whole (the client went away, or its chunked framing broke and
 * Node's parser dropped the connection) is the client's failure, not the server's: 400.
 */
function cutOffError(cause: unknown): PorticoError {
  return new PorticoError('bad_request', 'The request body ended before it was complete', {
    cause,
  })
}

function cutOff(cause: unknown): never {
  throw cutOffError(cause)
}

function tooSlow(deadlineMs: number): PorticoError {
  return new PorticoError(
    'request_timeout',
    `The request body did not arrive within ${deadlineMs} ms: send it whole, at once`,
  )
}

function tooLarge(limitBytes: number): PorticoError {
  return new PorticoError('payload_too_large', `The body exceeds the limit of ${limitBytes} bytes`)
}
