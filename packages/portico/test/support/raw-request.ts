import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'

/** What {@link rawRequest} got back. */
export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/**
 * A request over `node:http` to a server on 127.0.0.1, for what `fetch` cannot send: a `Host`
 * of the caller's choice, as a DNS-rebound browser or a forged request carries it.
 */
export function rawRequest(
  url: string,
  options: {
    method: string
    path: string
    /** A list sends the header once per value. */
    headers: Record<string, string | string[]>
    body?: string
    /** The loopback address to send from (127.0.0.0/8): another client, to a sticky balancer. */
    localAddress?: string
  },
): Promise<RawAnswer> {
  const { port } = new URL(url)
  const { method, path, headers, localAddress } = options
  return new Promise((resolve, reject) => {
    const target = { host: '127.0.0.1', port, path, method, headers, localAddress }
    const req = httpRequest(target, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** What {@link rawExchange} read back: the final status line's code, the headers, the body. */
export interface RawExchange {
  status: number
  /** Lower-cased names; a repeated header's values joined with `, `. */
  headers: Record<string, string>
  /** The body, de-chunked; empty for a HEAD or a 1xx-only exchange. */
  body: Buffer
}

/**
 * Writes `request` byte for byte on a fresh TCP connection to the server of `url` and reads
 * one answer, for what no HTTP client sends: a malformed request line, raw bytes in the target,
 * a NUL or a bare LF in a header, a conflicting `Content-Length`. Interim 1xx answers are
 * skipped; a chunked body is decoded. Rejects when no complete answer arrives within
 * `timeoutMs`, which is how a hang shows.
 */
export function rawExchange(
  url: string,
  request: Uint8Array | string,
  timeoutMs = 30_000,
): Promise<RawExchange> {
  const { port } = new URL(url)
  const head = startsWith(request, 'HEAD ')
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) })
    let received = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No complete answer within ${timeoutMs} ms`))
    }, timeoutMs)
    const finish = (answer: RawExchange) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const tryParse = (ended: boolean) => {
      const answer = parseAnswer(received, head, ended)
      if (answer) finish(answer)
      else if (ended) {
        clearTimeout(timer)
        reject(new Error(`The connection closed after ${received.byteLength} bytes of answer`))
      }
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      tryParse(false)
    })
    socket.on('end', () => tryParse(true))
    // The server may answer and reset before it read all we wrote: what it sent still counts.
    socket.on('error', () => tryParse(true))
    socket.write(request)
  })
}

function startsWith(request: Uint8Array | string, prefix: string): boolean {
  return Buffer.from(request.slice(0, prefix.length) as Uint8Array).toString('latin1') === prefix
}

/** The first final answer in `bytes`, or `undefined` until it is complete. */
function parseAnswer(bytes: Buffer, head: boolean, ended: boolean): RawExchange | undefined {
  let start = 0
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start)
    if (end === -1) return undefined
    const [statusLine = '', ...lines] = bytes.subarray(start, end).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0)
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value
    }
    const bodyStart = end + 4
    if (status >= 100 && status < 200) {
      start = bodyStart
      continue
    }
    const rest = bytes.subarray(bodyStart)
    if (head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0) }
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const body = dechunk(rest)
      return body ? { status, headers, body } : undefined
    }
    const length = headers['content-length']
    if (length !== undefined) {
      const size = Number(length)
      return rest.byteLength >= size ? { status, headers, body: rest.subarray(0, size) } : undefined
    }
    // Neither a length nor chunks: the body runs to the end of the connection.
    return ended ? { status, headers, body: rest } : undefined
  }
}

/** A chunked body's bytes, or `undefined` until its last chunk has arrived. */
function dechunk(bytes: Buffer): Buffer | undefined {
  const parts: Buffer[] = []
  let offset = 0
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', offset)
    if (lineEnd === -1) return undefined
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16)
    if (size === 0) return Buffer.concat(parts)
    const dataStart = lineEnd + 2
    if (bytes.byteLength < dataStart + size + 2) return undefined
    parts.push(bytes.subarray(dataStart, dataStart + size))
    offset = dataStart + size + 2
  }
}

/**
 * Sends `head` on a raw connection to the server of `url`, then one of `drip` every 100 ms, as
 * a slow-loris client does; resolves with what the server wrote and when it closed the
 * connection. Rejects when the server keeps the connection past 8 s.
 */
export function trickle(
  url: string,
  head: string,
  drip: string,
): Promise<{ answer: string; ms: number }> {
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
