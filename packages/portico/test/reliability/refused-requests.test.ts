import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleServer } from '../../src/server/assemble-server.js'
import { rawMcp } from '../support/raw-mcp.js'
import { rawExchange } from '../support/raw-request.js'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { expectJsonRpcRefusal, expectProblem, send, utf8 } from './answer-checks.js'
import { CHANNELS, callThrough } from './channels.js'
import { HOSTILE_PLUGIN_DIR, toolNamed } from './hostile-fixture.js'

// What HTTP or JSON makes ambiguous, refused on every surface over real HTTP: a second `Host`,
// an encoded body, an encoded dot segment, keys that reach a prototype and numbers past a double.

let edge: ServedPlugin
let fetchOnly: ServedPlugin

beforeAll(async () => {
  ;[edge, fetchOnly] = await Promise.all([
    servePlugin(HOSTILE_PLUGIN_DIR),
    servePlugin(HOSTILE_PLUGIN_DIR, { nodeEdge: false }),
  ])
})
afterAll(() => Promise.all([edge?.close(), fetchOnly?.close()]))

/** A request's bytes with the headers given, in order (a header may repeat). */
function rawRequest(line: string, headers: string[], body = ''): string {
  const framing = body ? [`content-length: ${Buffer.byteLength(body)}`] : []
  return `${line}\r\n${[...headers, ...framing].map((h) => `${h}\r\n`).join('')}\r\n${body}`
}

function problemOf(body: Buffer): { status: number; detail: string } {
  return JSON.parse(body.toString()) as { status: number; detail: string }
}

describe('two Host headers', () => {
  it.each([
    ['a REST call (the Node edge)', 'POST /api/Inspect/pair HTTP/1.1', '{"a":1,"b":2}'],
    ['an MCP call', 'POST /mcp HTTP/1.1', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'],
    ['a document', 'GET /mcp/tools.json HTTP/1.1', ''],
  ])('are refused with 400 on %s', async (_name, line, body) => {
    const { port } = new URL(edge.url)
    const answer = await rawExchange(
      edge.url,
      rawRequest(
        line,
        [
          `Host: 127.0.0.1:${port}`,
          'Host: evil.example',
          'content-type: application/json',
          'accept: application/json, text/event-stream',
        ],
        body,
      ),
    )
    expect(answer.status, answer.body.toString()).toBe(400)
    expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8')
    expect(problemOf(answer.body).detail).toMatch(/more than one Host/)
  })

  it('are refused with 400 by the Fetch app, which sees them joined', async () => {
    const served = assembleServer(edge.runtime, {
      rootDir: HOSTILE_PLUGIN_DIR,
      dev: false,
      listenHost: '127.0.0.1',
    })
    try {
      const twice = new Headers([
        ['host', '127.0.0.1'],
        ['host', 'evil.example'],
      ])
      const answer = await served.fetch(
        new Request('http://127.0.0.1/mcp/tools.json', { headers: twice }),
      )
      expectProblem(
        { status: answer.status, headers: answer.headers, text: await answer.text() },
        400,
      )
      const once = await served.fetch(new Request('http://127.0.0.1/mcp/tools.json'))
      expect(once.status).toBe(200)
    } finally {
      served.close()
    }
  })
})

describe('an encoded request body', () => {
  const gzip = { 'content-type': 'application/json', 'content-encoding': 'gzip' }

  it.each([
    ['the Node edge', () => edge.url],
    ['the Fetch handler', () => fetchOnly.url],
  ])('is refused with 415 on REST through %s, and identity is not', async (_name, url) => {
    const body = utf8('{"a":1,"b":2}')
    const path = '/api/Inspect/pair'
    const refused = await send(url(), { method: 'POST', path, headers: gzip, body })
    expectProblem(refused, 415)
    expect(JSON.parse(refused.text).detail).toMatch(/Content-Encoding/)
    const identity = { ...gzip, 'content-encoding': 'identity' }
    const plain = await send(url(), { method: 'POST', path, headers: identity, body })
    expect(plain.status, plain.text).toBe(200)
  })

  it('is refused with 415 on /api/resources', async () => {
    const body = utf8('{"uri":"hostile://note"}')
    const refused = await send(edge.url, {
      method: 'POST',
      path: '/api/resources',
      headers: { ...gzip, 'content-encoding': 'br' },
      body,
    })
    expectProblem(refused, 415)
  })

  it('is refused with 415 on MCP, in both eras', async () => {
    for (const era of ['2025', '2026'] as const) {
      const answer = await rawMcp(edge.url, { era }).request(
        'tools/list',
        {},
        {
          headers: { 'content-encoding': 'gzip' },
        },
      )
      expect(answer.status, JSON.stringify(answer)).toBe(415)
    }
  })
})

describe('an encoded dot segment', () => {
  it.each([
    '/mcp/%2e%2e/api/Inspect/pair',
    '/mcp/%2E%2e/api/Inspect/pair',
    '/mcp/.%2e/api/Inspect/pair',
    '/docs/%2e%2e/%2e%2e/api/Inspect/pair',
    '/mcp/%2e/../api/Inspect/pair',
  ])('never reaches a REST tool: %s is 400', async (target) => {
    const { port } = new URL(edge.url)
    const answer = await rawExchange(
      edge.url,
      rawRequest(
        `POST ${target} HTTP/1.1`,
        [`host: 127.0.0.1:${port}`, 'content-type: application/json'],
        '{"a":1,"b":2}',
      ),
    )
    expect(answer.status, answer.body.toString()).toBe(400)
    expect(problemOf(answer.body).detail).toMatch(/encoded dot segment/)
  })

  it('leaves %252e (an encoded percent sign) alone', async () => {
    const { port } = new URL(edge.url)
    const answer = await rawExchange(
      edge.url,
      rawRequest('GET /mcp/%252e%252e/tools.json HTTP/1.1', [`host: 127.0.0.1:${port}`]),
    )
    expect(answer.status).toBe(404)
  })
})

describe('JSON no input may hold', () => {
  const refusedTexts = [
    '{"__proto__":{"polluted":true}}',
    '{"a":{"constructor":{"prototype":{"polluted":true}}}}',
    '{"list":[{"prototype":1}]}',
    '{"\\u005f_proto__":{"polluted":true}}',
    '{"big":1e999}',
    '{"small":[-1e400]}',
    `{"long":${'9'.repeat(400)}}`,
  ]

  it.each(refusedTexts)('is refused on every channel: %s', async (text) => {
    const report = toolNamed('Inspect_report')
    for (const channel of CHANNELS) {
      const answer = await callThrough(
        { edge: edge.url, fetchOnly: fetchOnly.url },
        channel,
        report,
        text,
      )
      if (channel.startsWith('REST')) {
        expectProblem(answer, 400)
        expect(JSON.parse(answer.text).detail, channel).toMatch(/key|number/)
      } else {
        expect(answer.status, `${channel}: ${answer.text}`).toBe(400)
        expectJsonRpcRefusal(answer)
      }
    }
  })

  it('takes numbers a double holds and keys that only look alike', async () => {
    const answer = await send(edge.url, {
      method: 'POST',
      path: '/api/Inspect/report',
      headers: { 'content-type': 'application/json' },
      body: utf8('{"proto":1,"Constructor":2,"x":1e308,"y":1e-999,"z":"__proto__"}'),
    })
    expect(answer.status, answer.text).toBe(200)
    expect(JSON.parse(answer.text).ownKeys).toEqual(['proto', 'Constructor', 'x', 'y', 'z'])
  })
})
