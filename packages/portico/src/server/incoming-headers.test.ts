import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { incomingHeader } from './incoming-headers.js'

/** A request as node:http parses these lines: `headers` keeps the first of a few names. */
function parsed(lines: [string, string][]): IncomingMessage {
  const headers: Record<string, string | string[]> = {}
  for (const [name, value] of lines) {
    const key = name.toLowerCase()
    const before = headers[key]
    if (before === undefined) headers[key] = value
    else if (key === 'set-cookie') headers[key] = [...(before as string[]), value]
    else if (!['authorization', 'content-type', 'user-agent'].includes(key))
      headers[key] = `${before}, ${value}`
  }
  return { headers, rawHeaders: lines.flat() } as unknown as IncomingMessage
}

describe("a node:http request's header, read as Fetch's Headers.get", () => {
  it('is null when absent, and the one line as it is', () => {
    const request = parsed([
      ['Content-Type', 'application/json'],
      ['accept', 'application/json'],
    ])
    expect(incomingHeader(request, 'content-type')).toBe('application/json')
    expect(incomingHeader(request, 'accept')).toBe('application/json')
    expect(incomingHeader(request, 'authorization')).toBeNull()
  })

  it('joins every line of a name Node keeps only the first of, whatever its case', () => {
    const request = parsed([
      ['Authorization', 'Bearer a'],
      ['Content-Type', 'application/json'],
      ['authorization', 'Bearer b'],
      ['AUTHORIZATION', 'Bearer c'],
    ])
    expect(incomingHeader(request, 'authorization')).toBe('Bearer a, Bearer b, Bearer c')
    expect(incomingHeader(request, 'content-type')).toBe('application/json')
  })

  it('keeps what Node joined already', () => {
    const request = parsed([
      ['Accept', 'text/event-stream'],
      ['accept', 'application/json'],
    ])
    expect(incomingHeader(request, 'accept')).toBe('text/event-stream, application/json')
  })
})
