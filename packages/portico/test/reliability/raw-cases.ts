import fc from 'fast-check'
import { expect } from 'vitest'
import type { RawExchange } from '../support/raw-request.js'
import { expectJsonRpcRefusal, expectParserRefusal, expectProblem } from './answer-checks.js'
import { visibleAscii } from './hostile-json.js'
import { bodyTextArb } from './rest-cases.js'

/** A header line as a raw client may write it: a bad name, a NUL, a bare CR, a fold, 20 KB. */
const rawHeaderLineArb: fc.Arbitrary<string> = fc
  .record({
    name: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom('x-a', 'accept', 'origin', 'mcp-protocol-version', 'cookie'),
      },
      { weight: 1, arbitrary: fc.constantFrom('bad name', 'x:y', '', '\u00e9', 'x\u0000', '(x)') },
    ),
    value: fc.oneof(
      { weight: 8, arbitrary: fc.string({ unit: visibleAscii, maxLength: 16 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'a\u0000b',
          'a\rb',
          'a\r\n b',
          '\u00ff\u00fe',
          ' padded ',
          'x'.repeat(20_000),
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 16 }) },
    ),
  })
  .map(({ name, value }) => `${name}: ${value}`)

/** How a raw request frames its body, right or wrong. */
const framingArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'length' as const }) },
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'chunked' as const }),
  fc.record({
    kind: fc.constant('header' as const),
    lines: fc.constantFrom(
      ['content-length: 2', 'content-length: 3'],
      ['content-length: -1'],
      ['content-length: abc'],
      ['content-length: 0x10'],
      ['content-length: +2'],
      ['content-length: 2, 2'],
      ['content-length: 99999999999999999999'],
      ['transfer-encoding: chunked', 'content-length: 2'],
      ['transfer-encoding: gzip'],
      ['transfer-encoding: chunked, identity'],
      ['transfer-encoding: identity'],
      ['transfer-encoding: chunked', 'transfer-encoding: chunked'],
    ),
  }),
  fc.record({
    kind: fc.constant('bad chunk' as const),
    size: fc.constantFrom('zz', '-1', '', '1;', ' 2', '2 2', '0x2'),
  }),
)

/** A request whose line, headers or framing are malformed, to any kind of route. */
export const rawRequestArb = fc.record({
  method: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('get', 'G ET', 'BREW', 'POST\u0000', '', 'TRACE', 'PRI'),
    },
  ),
  target: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(
        '/api/Inspect/pair',
        '/mcp',
        '/',
        '/skills/probe/SKILL.md',
        '/api/resources?uri=hostile://note',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '*',
        'http://evil.example/api/Inspect/pair',
        '//evil.example/x',
        '\\..\\x',
        '/a b',
        '/\u0000',
        '/\u007f',
        '/\u00ff',
        'api/Inspect/pair',
        '',
      ),
    },
  ),
  version: fc.oneof(
    { weight: 12, arbitrary: fc.constant('HTTP/1.1') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'http/1.1', '', 'HTTP/1.1 x'),
    },
  ),
  host: fc.oneof(
    { weight: 8, arbitrary: fc.constant('127.0.0.1') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(undefined, 'evil.example', '', 'a b', '[::1', '127.0.0.1:99999'),
    },
  ),
  headers: fc.array(rawHeaderLineArb, { maxLength: 2 }),
  framing: framingArb,
  body: fc.oneof(
    { weight: 2, arbitrary: fc.constant('{"a":1,"b":2}') },
    fc.constant('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
    bodyTextArb,
  ),
  lineEnding: fc.oneof({ weight: 12, arbitrary: fc.constant('\r\n') }, fc.constant('\n')),
})

export type RawRequestCase = typeof rawRequestArb extends fc.Arbitrary<infer T> ? T : never

export function rawRequestBytes(call: RawRequestCase, port: string): Buffer {
  const body = Buffer.from(call.body, 'utf8')
  const eol = call.lineEnding
  const framing: string[] = []
  let payload: Buffer = body
  const { framing: frame } = call
  if (frame.kind === 'length') framing.push(`content-length: ${body.byteLength}`)
  if (frame.kind === 'header') framing.push(...frame.lines)
  if (frame.kind === 'chunked' || frame.kind === 'bad chunk') {
    framing.push('transfer-encoding: chunked')
    const size = frame.kind === 'chunked' ? body.byteLength.toString(16) : frame.size
    payload = Buffer.concat([Buffer.from(`${size}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')])
  }
  const lines = [
    `${call.method} ${call.target} ${call.version}`.trimEnd(),
    ...(call.host === undefined
      ? []
      : [`host: ${call.host === '127.0.0.1' ? `127.0.0.1:${port}` : call.host}`]),
    'content-type: application/json',
    'accept: application/json, text/event-stream',
    'mcp-protocol-version: 2025-11-25',
    ...call.headers,
    ...framing,
  ]
  return Buffer.concat([Buffer.from(`${lines.join(eol)}${eol}${eol}`, 'latin1'), payload])
}

/**
 * A malformed request's answer: never a 5xx. What Node's HTTP parser or the Fetch adapter
 * refuse before the app sees the request is a bare 400 (or 431 for headers too large) without
 * CORS headers, counted apart; what reaches the app is refused as any request is there.
 */
export function expectRawAnswer(call: RawRequestCase, answer: RawExchange): string {
  expect(answer.status, answer.body.toString()).toBeGreaterThanOrEqual(200)
  expect(answer.status, answer.body.toString()).toBeLessThan(500)
  if (answer.headers['access-control-allow-origin'] === undefined) {
    if (call.method !== 'HEAD') expectParserRefusal(answer)
    else expect([400, 431]).toContain(answer.status)
    return `${answer.status} (below the app)`
  }
  if (answer.status >= 400 && call.method !== 'HEAD') {
    const headers = new Headers(answer.headers)
    const reply = { status: answer.status, headers, text: answer.body.toString() }
    if (headers.get('content-type')?.startsWith('application/json')) expectJsonRpcRefusal(reply)
    else expectProblem(reply)
  }
  return String(answer.status)
}
