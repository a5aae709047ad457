import fc from 'fast-check'
import { expect } from 'vitest'
import { MAX_JSON_DEPTH } from '../../src/http/exceeds-json-depth.js'
import { type Answer, expectProblem, type SentRequest, utf8 } from './answer-checks.js'
import {
  BODY_LIMIT,
  expectedAnswer,
  FIXTURE_TOOLS,
  type FixtureTool,
  isFixtureResource,
  nestingOf,
} from './hostile-fixture.js'
import {
  byteMutationArb,
  exhaustingTextArb,
  holdsRefusedJson,
  type JsonTree,
  jsonTextOf,
  jsonTreeArb,
  mutatedBytes,
  numberArb,
  objectOf,
  stringArb,
  visibleAscii,
} from './hostile-json.js'
import { uriArb } from './hostile-mcp.js'

/** Content types a client sends, right and wrong. */
const contentTypeArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/json;charset=latin1',
      'application/jsonx',
      'application/json x',
      'text/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/+json',
      '*/*',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: visibleAscii, maxLength: 30 }) },
)

/** An input shaped like one of the fixture's tools', with wrong and extra members. */
const toolInputArb: fc.Arbitrary<JsonTree> = objectOf(
  fc.constantFrom('a', 'b', 'note', 'name', '__proto__', 'constructor', 'extra'),
  fc.oneof(numberArb, stringArb, jsonTreeArb),
)

/** A body: JSON of any shape, tool-shaped input, or text built to exhaust the server. */
export const bodyTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: toolInputArb.map(jsonTextOf) },
  { weight: 3, arbitrary: jsonTreeArb.map(jsonTextOf) },
  { weight: 1, arbitrary: exhaustingTextArb },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
)

/** One generated REST call. */
export interface RestCase {
  path: string
  method: string
  contentType: string | undefined
  bytes: Uint8Array
  transfer: 'length' | 'chunked'
}

export const restCaseArb: fc.Arbitrary<RestCase> = fc.record({
  path: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...FIXTURE_TOOLS.map((tool) => tool.restPath)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/api/Inspect/report/',
        '/api/Inspect',
        '/api/Inspect/constructor',
        '/api/Inspect/__proto__',
        '/api/__proto__/report',
        '/api/Side/ping/extra',
        '/api/inspect/report',
      ),
    },
  ),
  method: fc.oneof(
    { weight: 9, arbitrary: fc.constant('POST') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE') },
  ),
  contentType: contentTypeArb,
  bytes: fc
    .tuple(
      bodyTextArb,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(byteMutationArb, { minLength: 1, maxLength: 2 }) },
      ),
    )
    .map(([text, mutations]) => mutatedBytes(text, mutations)),
  transfer: fc.constantFrom('length', 'chunked'),
})

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/i
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * What REST must answer a call, by DESIGN.md §4, in the order the pipeline checks: 404 for a
 * path that names no tool, 405 for another method, 413 over the limit, 415 for a body that is
 * not declared JSON, 400 for bytes that are not UTF-8 JSON or nest deeper than the limit, 422
 * for input the tool's schema refuses, else 200 with the tool's input as it parsed.
 */
function expectedRestAnswer(call: RestCase): {
  status: number
  tool?: FixtureTool
  input?: unknown
} {
  const path = call.path.endsWith('/') ? call.path.slice(0, -1) : call.path
  const tool = FIXTURE_TOOLS.find((candidate) => candidate.restPath === path)
  if (!tool) return { status: 404 }
  if (call.method !== 'POST') return { status: 405 }
  if (call.bytes.byteLength > BODY_LIMIT) return { status: 413 }
  let input: unknown = {}
  if (call.bytes.byteLength > 0) {
    const mediaType = (call.contentType ?? '').split(';')[0]?.trim() ?? ''
    if (!JSON_MEDIA_TYPE.test(mediaType)) return { status: 415 }
    try {
      input = JSON.parse(strictUtf8.decode(call.bytes))
    } catch {
      return { status: 400 }
    }
    if (nestingOf(input) > MAX_JSON_DEPTH) return { status: 400 }
    if (holdsRefusedJson(input)) return { status: 400 }
  }
  return { status: tool.accepts(input) ? 200 : 422, tool, input }
}

export function restRequest(call: RestCase): SentRequest {
  return {
    method: call.method,
    path: call.path,
    headers: call.contentType === undefined ? {} : { 'content-type': call.contentType },
    body: call.bytes,
    transfer: call.transfer,
  }
}

export function expectRestAnswer(call: RestCase, answer: Answer): string {
  const expected = expectedRestAnswer(call)
  if (expected.status !== 200) {
    expectProblem(answer, expected.status)
    if (expected.status === 405) expect(answer.headers.get('allow')).toBe('POST, OPTIONS')
    return String(answer.status)
  }
  expect(answer.status, answer.text).toBe(200)
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const { tool, input } = expected as { tool: FixtureTool; input: Record<string, unknown> }
  expect(JSON.parse(answer.text)).toEqual(expectedAnswer(tool, input))
  return '200'
}

/** Headers a hostile client adds to a call, each with values right and wrong. */
const HEADER_VALUES: Record<string, readonly string[]> = {
  origin: [
    'null',
    'http://localhost:5173',
    'http://127.0.0.1',
    'http://[::1]:3000',
    'https://evil.example',
    'http://localhost.evil.example',
    'file://',
    'chrome-extension://abc',
  ],
  'sec-fetch-site': ['cross-site', 'same-site', 'same-origin', 'none'],
  authorization: ['Bearer x', 'Basic YTpi', 'Bearer', 'DPoP x'],
  dpop: ['x.y.z'],
  cookie: ['session=1; __proto__=x'],
  'x-forwarded-host': ['evil.example', '127.0.0.1'],
  'x-forwarded-proto': ['https', 'gopher'],
  forwarded: ['host=evil.example;proto=https', 'for=_x'],
  'x-http-method-override': ['GET', 'DELETE'],
  'content-encoding': ['gzip', 'br', 'identity', 'x'],
  'content-language': ['en'],
  accept: ['text/html', 'application/problem+json', '*/*;q=0', 'application/json'],
  'accept-charset': ['latin1'],
  'mcp-protocol-version': ['2025-11-25', 'banana'],
  'mcp-session-id': ['x'],
  'if-none-match': ['*'],
  range: ['bytes=0-0'],
  'x-a': ['b'],
}

/** Headers whose values may make the host policy refuse a call: 403 is then its answer too. */
const POLICY_HEADERS = ['origin', 'sec-fetch-site']

const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc
      .constantFrom(...Object.keys(HEADER_VALUES))
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...(HEADER_VALUES[name] ?? [])) },
            { weight: 1, arbitrary: fc.string({ unit: visibleAscii, maxLength: 24 }) },
          ),
        ),
      ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => Object.fromEntries(pairs))

/** A call with extra headers: valid JSON for a tool, or any body. */
export const headedCaseArb = fc.record({
  call: fc.oneof(
    restCaseArb,
    restCaseArb.map((call) => ({
      ...call,
      method: 'POST',
      contentType: 'application/json',
      bytes: utf8('{"a":1,"b":2,"note":"x"}'),
    })),
  ),
  headers: extraHeadersArb,
})

/** A read of `/api/resources`: a URI in the query or the body, or a body of any shape. */
export const resourceReadArb = fc.oneof(
  uriArb.map((uri) => ({ method: 'GET', uri, body: undefined })),
  uriArb.map((uri) => ({ method: 'POST', uri, body: JSON.stringify({ uri }) })),
  bodyTextArb.map((body) => ({ method: 'POST', uri: undefined, body })),
  fc
    .constantFrom('PUT', 'DELETE', 'PATCH')
    .map((method) => ({ method, uri: undefined, body: '{}' })),
)

/** A call's answer with extra headers: as without them, or the host policy's 403. */
export function expectHeadedRestAnswer(
  call: RestCase,
  headers: Record<string, string>,
  answer: Answer,
): string {
  const { status } = expectedRestAnswer(call)
  // An encoded body is refused once the call is routed and admitted, before it is read.
  const encoded = (headers['content-encoding'] ?? '')
    .split(',')
    .some((coding) => !['', 'identity'].includes(coding.trim().toLowerCase()))
  if (encoded && status !== 404 && status !== 405 && answer.status !== 403) {
    expectProblem(answer, 415)
    return '415'
  }
  const policyMayRefuse =
    status !== 404 && status !== 405 && POLICY_HEADERS.some((name) => name in headers)
  if (!policyMayRefuse || answer.status !== 403) return expectRestAnswer(call, answer)
  expectProblem(answer, 403)
  return '403'
}

/** One generated read of `/api/resources`. */
export type ResourceRead = typeof resourceReadArb extends fc.Arbitrary<infer T> ? T : never

export function resourceRequest(read: ResourceRead): SentRequest {
  const query = read.method === 'GET' ? `?${new URLSearchParams({ uri: read.uri ?? '' })}` : ''
  return {
    method: read.method,
    path: `/api/resources${query}`,
    headers: { 'content-type': 'application/json' },
    ...(read.body === undefined ? {} : { body: utf8(read.body) }),
  }
}

/** A read's answer: the resource only for a URI the fixture has, else a problem document. */
export function expectResourceAnswer(read: ResourceRead, answer: Answer): string {
  if (answer.status >= 400) {
    expectProblem(answer)
    if (answer.status === 405) expect(read.method).not.toMatch(/^(GET|POST)$/)
    return String(answer.status)
  }
  expect(answer.status, answer.text).toBe(200)
  expect(isFixtureResource(read.uri ?? ''), `${read.uri}: ${answer.text}`).toBe(true)
  if (read.method === 'POST') {
    const { contents } = JSON.parse(answer.text) as { contents: { uri: string }[] }
    expect(contents.map((content) => content.uri)).toEqual([read.uri])
  }
  return '200'
}
