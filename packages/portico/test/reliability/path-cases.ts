import fc from 'fast-check'
import { expect } from 'vitest'
import type { RawExchange } from '../support/raw-request.js'
import { expectJsonRpcRefusal, expectParserRefusal, expectProblem } from './answer-checks.js'
import {
  decodeOrUndefined,
  FIXTURE_TOOLS,
  isFixtureResource,
  MCP_SERVERS,
  REDIRECTED_PATHS,
  SERVED_PATHS,
} from './hostile-fixture.js'
import { visibleAscii } from './hostile-json.js'

/** Segments that try to leave a folder, smuggle a separator or a NUL, or name a prototype key. */
const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e',
  '%c0%af',
  '%c0%ae%c0%ae',
  '%ef%bc%8f',
  '%e0%80%af',
  '%00',
  'a%00.txt',
  '%',
  '%zz',
  '%2f',
  '%5c',
  '%252e%252e',
  '\\',
  '..\\..',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '',
  '%20',
  ' ',
  '\u00e9',
  '%e9',
  ';',
  'a;b=c',
  '*',
  '~',
] as const

/** Names the fixture serves somewhere, so that a generated path sometimes reaches a file. */
const SERVED_SEGMENTS = [
  'probe',
  'SKILL.md',
  'catalog.json',
  'helper.md',
  'helper.json',
  'Inspect_report',
  'side',
  'tools.json',
  'hello.txt',
  '_portico',
  'widget.js',
  '0',
  'Inspect',
  'report',
  'Side',
  'ping',
  'resources',
  'plugin.json',
] as const

const PATH_PREFIXES = [
  '',
  '/api',
  '/api/Inspect',
  '/mcp',
  '/widgets',
  '/widget-assets',
  '/skills',
  '/skills/probe',
  '/agents',
  '/icons',
  '/assets',
  '/com.portico.plugin',
  '/.claude-plugin',
] as const

/** A path built from a prefix and segments that are hostile, served or generated. */
const builtPathArb: fc.Arbitrary<string> = fc
  .record({
    prefix: fc.constantFrom(...PATH_PREFIXES),
    segments: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
        { weight: 3, arbitrary: fc.constantFrom(...SERVED_SEGMENTS) },
        {
          weight: 1,
          arbitrary: fc.string({ unit: 'binary', maxLength: 8 }).map(encodeURIComponent),
        },
      ),
      { minLength: 1, maxLength: 4 },
    ),
  })
  .map(({ prefix, segments }) => `${prefix}/${segments.join('/')}`)

/** A path the fixture serves, changed the way a probe changes it. */
const perturbedPathArb: fc.Arbitrary<string> = fc
  .record({
    path: fc.constantFrom(...SERVED_PATHS, ...REDIRECTED_PATHS, '/api/resources'),
    change: fc.constantFrom(
      'none',
      'dot segment',
      'parent segment',
      'encoded character',
      'double slash',
      'trailing slash',
      'upper case',
    ),
    at: fc.nat(),
  })
  .map(({ path, change, at }) => {
    const slashes = [...path.matchAll(/\//g)].map((match) => match.index)
    const slash = slashes[at % slashes.length] ?? 0
    const index = 1 + (at % Math.max(1, path.length - 1))
    const char = path[index] ?? ''
    switch (change) {
      case 'dot segment':
        return `${path.slice(0, slash)}/.${path.slice(slash)}`
      case 'parent segment':
        return `${path.slice(0, slash)}/x/..${path.slice(slash)}`
      case 'encoded character':
        return `${path.slice(0, index)}%${char.charCodeAt(0).toString(16)}${path.slice(index + 1)}`
      case 'double slash':
        return `${path.slice(0, slash)}/${path.slice(slash)}`
      case 'trailing slash':
        return `${path}/`
      case 'upper case':
        return `${path.slice(0, index)}${char.toUpperCase()}${path.slice(index + 1)}`
      default:
        return path
    }
  })

/** A request target: a built or a served path, and a query now and then. */
const targetArb: fc.Arbitrary<string> = fc
  .record({
    path: fc.oneof(builtPathArb, perturbedPathArb),
    query: fc.oneof(
      { weight: 3, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: uriQueryArb() },
      {
        weight: 1,
        arbitrary: fc.string({ unit: visibleAscii, maxLength: 12 }).map((q) => `?${q}`),
      },
    ),
  })
  .map(({ path, query }) => `${path}${query}`.replace(/#/g, '%23').replace(/ /g, '%20'))

function uriQueryArb(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('hostile://note', 'hostile://items/7', 'hostile://items/%2e%2e'),
      fc.constantFrom('hostile://items/__proto__', 'skill://probe/SKILL.md', 'file:///etc/passwd'),
      fc.string({ unit: 'binary', maxLength: 12 }),
    )
    .chain((uri) =>
      fc.constantFrom(`?uri=${encodeURIComponent(uri)}`, `?uri=${uri}`, `?uri=${uri}&uri=x`),
    )
}

/** One request over a raw socket to a generated path. */
export interface PathCase {
  method: string
  target: string
  /** The target with a raw space or a non-ASCII byte, which only a raw socket can send. */
  raw: boolean
  conditional: Record<string, string>
}

export const pathCaseArb: fc.Arbitrary<PathCase> = fc.record({
  method: fc.oneof(
    { weight: 6, arbitrary: fc.constant('GET') },
    { weight: 2, arbitrary: fc.constant('HEAD') },
    { weight: 3, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
  ),
  target: targetArb,
  raw: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, fc.constant(true)),
  conditional: fc.record(
    {
      'if-none-match': fc.oneof(fc.constant('*'), fc.string({ unit: visibleAscii, maxLength: 20 })),
      'if-modified-since': fc.oneof(
        fc.constant(new Date().toUTCString()),
        fc.string({ unit: visibleAscii, maxLength: 20 }),
      ),
      range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=99999999-', 'lines=1-2'),
      'accept-encoding': fc.constantFrom('gzip', 'gzip;q=0', '*', 'br, gzip;q=0.5', ''),
    },
    { requiredKeys: [] },
  ),
})

/** The request's bytes: `Connection: close`, so that the answer ends the exchange. */
export function pathRequestBytes(call: PathCase, port: string): Buffer {
  const body = ['POST', 'PUT', 'PATCH'].includes(call.method) ? '{}' : ''
  const target = call.raw ? call.target.replace(/%20/g, ' ').replace(/%e9/g, '\u00e9') : call.target
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    accept: 'application/json, text/event-stream',
    ...(body ? { 'content-type': 'application/json', 'content-length': '2' } : {}),
    ...call.conditional,
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return Buffer.from(`${call.method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n${body}`, 'latin1')
}

/** The path as the routes see it, each segment decoded once; `undefined` if that fails. */
function routedPath(target: string): { path: string; decoded?: string; query: string } {
  // As the Fetch adapter reads it: the target appended to the origin, never resolved against it.
  const url = new URL(`http://127.0.0.1${target}`)
  const segments = url.pathname.split('/').map(decodeOrUndefined)
  const unsafe = segments.some((segment) => segment === undefined || /[/\\\0]/.test(segment))
  return {
    path: url.pathname,
    ...(unsafe ? {} : { decoded: segments.join('/') }),
    query: url.search,
  }
}

/** Whether a request may succeed: a GET of something served, or a POST of `{}` a tool takes. */
function maySucceed(call: PathCase, status: number): boolean {
  const { path, decoded, query } = routedPath(call.target)
  if (call.method === 'OPTIONS') return status === 204
  if (call.method === 'POST') {
    const tool = FIXTURE_TOOLS.find((candidate) => candidate.restPath === path.replace(/\/$/, ''))
    return status === 200 && tool?.accepts({}) === true
  }
  if (call.method !== 'GET' && call.method !== 'HEAD') return false
  if (decoded === undefined) return false
  if (status >= 300 && status !== 304) return REDIRECTED_PATHS.has(decoded)
  if (decoded === '/api/resources') {
    const uris = new URLSearchParams(query).getAll('uri')
    return uris.length === 1 && isFixtureResource(uris[0] ?? '')
  }
  return SERVED_PATHS.has(decoded)
}

/**
 * A generated path's answer: never a 5xx; a success only where `maySucceed`; a refusal is a
 * problem document, or a JSON-RPC error at an MCP endpoint. What Node's HTTP parser or the
 * Fetch adapter refuse before the app sees the request (a raw space, a backslash) is a bare
 * 400 with no CORS headers: that is below the app, and counted apart.
 */
export function expectPathAnswer(call: PathCase, answer: RawExchange): string {
  expect(answer.status, answer.body.toString()).toBeLessThan(500)
  expect(answer.status).toBeGreaterThanOrEqual(200)
  if (answer.headers['access-control-allow-origin'] === undefined) {
    expect(answer.status).toBe(400)
    if (call.method !== 'HEAD') expectParserRefusal(answer)
    return '400 (below the app)'
  }
  const plainGet =
    ['GET', 'HEAD'].includes(call.method) && Object.keys(call.conditional).length === 0
  if (plainGet && SERVED_PATHS.has(call.target)) expect(answer.status).toBe(200)
  if (answer.status < 400) {
    expect(maySucceed(call, answer.status), `${answer.status} ${answer.body}`).toBe(true)
    return String(answer.status)
  }
  const headers = new Headers(answer.headers)
  const type = headers.get('content-type') ?? ''
  const text = answer.body.toString()
  if (type.startsWith('application/json')) {
    const { decoded } = routedPath(call.target)
    expect(['/mcp', ...MCP_SERVERS.map((server) => `/mcp/${server}`)]).toContain(decoded)
    if (call.method !== 'HEAD') expectJsonRpcRefusal({ status: answer.status, headers, text })
    return `${answer.status} JSON-RPC`
  }
  if (call.method === 'HEAD') expect(type).toBe('application/problem+json; charset=utf-8')
  else expectProblem({ status: answer.status, headers, text })
  return String(answer.status)
}
