import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { logger } from '../../src/core/logger.js'
import { MAX_JSON_DEPTH } from '../../src/http/exceeds-json-depth.js'
import { rawMcp } from '../support/raw-mcp.js'
import { rawExchange } from '../support/raw-request.js'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { expectJsonRpcRefusal, expectProblem, send, utf8 } from './answer-checks.js'
import { CHANNELS, callThrough, resultOf } from './channels.js'
import { HOSTILE_PLUGIN_DIR, nestingOf, toolNamed } from './hostile-fixture.js'
import { holdsRefusedJson, jsonTextOf, pollutingObjectArb } from './hostile-json.js'
import { hostileMcpCaseArb, validMcpCaseArb } from './hostile-mcp.js'
import { expectMcpAnswer, expectValidMcpAnswer, mcpRequest } from './mcp-answers.js'
import { expectPathAnswer, pathCaseArb, pathRequestBytes } from './path-cases.js'
import { expectRawAnswer, rawRequestArb, rawRequestBytes } from './raw-cases.js'
import {
  expectHeadedRestAnswer,
  expectResourceAnswer,
  expectRestAnswer,
  headedCaseArb,
  resourceReadArb,
  resourceRequest,
  restCaseArb,
  restRequest,
} from './rest-cases.js'

/**
 * Hostile input, generated: bodies, headers, paths and JSON-RPC messages at every surface of a
 * served plugin. Whatever arrives, the answer is the protocol's own refusal (a problem document
 * or a JSON-RPC error), never a 500 and never a hang; a success only for valid input; no
 * prototype reaches a tool polluted; and the server answers a plain call afterwards. Each
 * property states in its title how many cases it generates (fast-check prints the seed and
 * the shrunk case of a failure).
 */

/** Cases per property; `HOSTILE_RUNS=5000` sets every count, for a longer hunt by hand. */
const RUNS = {
  restBodies: Number(process.env.HOSTILE_RUNS ?? 400),
  restHeaders: Number(process.env.HOSTILE_RUNS ?? 250),
  mcpMessages: Number(process.env.HOSTILE_RUNS ?? 600),
  validMcpCalls: Number(process.env.HOSTILE_RUNS ?? 150),
  pollution: Number(process.env.HOSTILE_RUNS ?? 350),
  paths: Number(process.env.HOSTILE_RUNS ?? 800),
  deepNesting: Number(process.env.HOSTILE_RUNS ?? 120),
  resources: Number(process.env.HOSTILE_RUNS ?? 250),
  rawRequests: Number(process.env.HOSTILE_RUNS ?? 300),
} as const

const originalPrototypeNames = Object.getOwnPropertyNames(Object.prototype)

let edge: ServedPlugin
let fetchOnly: ServedPlugin

beforeAll(async () => {
  ;[edge, fetchOnly] = await Promise.all([
    servePlugin(HOSTILE_PLUGIN_DIR),
    servePlugin(HOSTILE_PLUGIN_DIR, { nodeEdge: false }),
  ])
})
afterAll(() => Promise.all([edge?.close(), fetchOnly?.close()]))

/**
 * Runs a property `runs` times and says how many cases it ran (shrinking a failure adds runs),
 * with how many got each answer: the predicate names the answer of its case (its status). No
 * case may make the server log an error.
 */
async function check<T>(
  title: string,
  runs: number,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<string>,
): Promise<void> {
  const answers = new Map<string, number>()
  // A fault the server logs but the client never sees (its connection is gone) counts too.
  const faults = vi.spyOn(logger, 'error')
  try {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const answer = await predicate(value)
        answers.set(answer, (answers.get(answer) ?? 0) + 1)
      }),
      { numRuns: runs },
    )
    expect(faults).not.toHaveBeenCalled()
  } finally {
    faults.mockRestore()
  }
  const cases = [...answers.values()].reduce((sum, count) => sum + count, 0)
  const tally = [...answers].sort().map(([answer, count]) => `${answer} ×${count}`)
  console.info(`${title}: ${cases} generated cases (${tally.join(', ')})`)
}

/** After a property: a plain REST call and an MCP call on both wires still succeed, unpolluted. */
async function expectStillServing(url: string): Promise<void> {
  const rest = await send(url, {
    method: 'POST',
    path: '/api/Inspect/pair',
    headers: { 'content-type': 'application/json' },
    body: utf8('{"a":1,"b":2}'),
  })
  expect(rest.status, rest.text).toBe(200)
  expect(JSON.parse(rest.text)).toEqual({ a: 1, b: 2 })
  for (const wire of ['2025', '2026'] as const) {
    const answer = await rawMcp(url, { era: wire }).request('tools/call', {
      name: 'Inspect_pair',
      arguments: { a: 1, b: 2 },
    })
    expect(answer.status).toBe(200)
    expect(answer.result?.structuredContent).toEqual({ a: 1, b: 2 })
  }
  expectNoPollution()
}

/** Where the channels of `callThrough` are served. */
function urls() {
  return { edge: edge.url, fetchOnly: fetchOnly.url }
}

/** `Object.prototype` as a fresh process has it: the server runs in this one. */
function expectNoPollution(): void {
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(originalPrototypeNames)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

describe.each([
  { name: 'the Node edge', served: () => edge },
  { name: 'the Fetch handler', served: () => fetchOnly },
])('REST through $name', ({ served }) => {
  it(`answers ${RUNS.restBodies} generated bodies with the designed status and a problem document`, async () => {
    const { url } = served()
    await check('REST bodies', RUNS.restBodies, restCaseArb, async (call) =>
      expectRestAnswer(call, await send(url, restRequest(call))),
    )
    await expectStillServing(url)
  })

  it(`answers ${RUNS.restHeaders} generated calls with extra headers as without, or 403 by the host policy`, async () => {
    const { url } = served()
    await check('REST headers', RUNS.restHeaders, headedCaseArb, async ({ call, headers }) => {
      const request = restRequest(call)
      const answer = await send(url, { ...request, headers: { ...headers, ...request.headers } })
      return expectHeadedRestAnswer(call, headers, answer)
    })
    await expectStillServing(url)
  })
})

describe('MCP at /mcp and /mcp/<server>, on both wires', () => {
  it(`answers ${RUNS.mcpMessages} generated messages, batches and headers as the protocol says`, async () => {
    await check('MCP messages', RUNS.mcpMessages, hostileMcpCaseArb, async (call) => {
      const answer = expectMcpAnswer(call, await send(edge.url, mcpRequest(call)))
      expectNoPollution()
      return answer
    })
    await expectStillServing(edge.url)
  })

  it(`answers ${RUNS.validMcpCalls} generated valid calls and lists with their result`, async () => {
    await check('valid MCP calls', RUNS.validMcpCalls, validMcpCaseArb, async (call) =>
      expectValidMcpAnswer(call, await send(edge.url, mcpRequest(call))),
    )
  })
})

describe('prototype pollution', () => {
  it(`reaches no tool and no prototype through ${RUNS.pollution} generated inputs on any channel`, async () => {
    const caseArb = fc.record({
      channel: fc.constantFrom(...CHANNELS),
      input: pollutingObjectArb,
    })
    await check('pollution', RUNS.pollution, caseArb, async ({ channel, input }) => {
      const text = jsonTextOf(input)
      const answer = await callThrough(urls(), channel, toolNamed('Inspect_report'), text)
      // A `__proto__`, `constructor` or `prototype` key anywhere is refused on every channel.
      if (holdsRefusedJson(JSON.parse(text))) {
        expect(answer.status, answer.text).toBe(400)
        expectNoPollution()
        return `${channel} refused`
      }
      const report = resultOf(channel, answer)
      const keys = Object.keys(JSON.parse(text))
      expect(report).toEqual({ ownKeys: keys, foreignPrototypes: [], inherited: [], polluted: [] })
      expectNoPollution()
      return `${channel} served`
    })
    await expectStillServing(edge.url)
    await expectStillServing(fetchOnly.url)
  })
})

describe('every route, by generated paths', () => {
  it(`answers ${RUNS.paths} generated paths, methods and conditional headers without a 5xx`, async () => {
    const { port } = new URL(edge.url)
    await check('paths', RUNS.paths, pathCaseArb, async (call) =>
      expectPathAnswer(call, await rawExchange(edge.url, pathRequestBytes(call, port))),
    )
    await expectStillServing(edge.url)
  })
})

describe('malformed HTTP', () => {
  it(`answers ${RUNS.rawRequests} generated malformed request lines, headers and framings with a 4xx or the route's answer`, async () => {
    const { port } = new URL(edge.url)
    await check('raw requests', RUNS.rawRequests, rawRequestArb, async (call) =>
      expectRawAnswer(call, await rawExchange(edge.url, rawRequestBytes(call, port))),
    )
    await expectStillServing(edge.url)
  })
})

describe('deep nesting', () => {
  it(`is refused past ${MAX_JSON_DEPTH} levels, and served below, on every channel (${RUNS.deepNesting} generated trees)`, async () => {
    const caseArb = fc.record({
      channel: fc.constantFrom(...CHANNELS),
      levels: fc.oneof(
        fc.integer({ min: 1, max: 4_000 }),
        fc.integer({ min: MAX_JSON_DEPTH / 2 - 3, max: MAX_JSON_DEPTH / 2 + 3 }),
      ),
    })
    await check('deep nesting', RUNS.deepNesting, caseArb, async ({ channel, levels }) => {
      const text = `{"root":${'{"children":['.repeat(levels - 1)}{}${']}'.repeat(levels - 1)}}`
      const answer = await callThrough(urls(), channel, toolNamed('Inspect_tree'), text)
      // An MCP message wraps the arguments in two more objects: the message and its params.
      const depth = nestingOf(JSON.parse(text)) + (channel.startsWith('MCP') ? 2 : 0)
      if (depth <= MAX_JSON_DEPTH) {
        expect(resultOf(channel, answer)).toEqual({ depth: levels })
        return `${channel} served`
      }
      if (channel.startsWith('REST')) expectProblem(answer, 400)
      else expect(expectJsonRpcRefusal(answer).error?.code).toBe(-32600)
      expect(answer.text).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`)
      return `${channel} refused`
    })
    await expectStillServing(edge.url)
  })
})

describe('REST resources at /api/resources', () => {
  it(`answers ${RUNS.resources} generated reads with the resource or a problem document`, async () => {
    await check('resource reads', RUNS.resources, resourceReadArb, async (read) =>
      expectResourceAnswer(read, await send(edge.url, resourceRequest(read))),
    )
    await expectStillServing(edge.url)
  })
})

describe('what the properties found, pinned as examples', () => {
  it('answers 404 for a document path with a slash after its name, as for a folder', async () => {
    for (const path of ['/agents/helper.md/', '/skills/probe/SKILL.md/', '/icons/0/']) {
      expectProblem(await send(edge.url, { method: 'GET', path, headers: {} }), 404)
      const { status } = await send(edge.url, {
        method: 'GET',
        path: path.slice(0, -1),
        headers: {},
      })
      expect(status).toBe(200)
    }
  })

  it('logs no server fault for a body whose chunked framing breaks off mid-way', async () => {
    const faults = vi.spyOn(logger, 'error')
    try {
      for (const served of [edge, fetchOnly]) {
        const { port } = new URL(served.url)
        for (const path of ['/mcp', '/api/Inspect/pair', '/api/resources']) {
          const head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\naccept: application/json, text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n`
          const answer = await rawExchange(served.url, `${head}5\r\n{"a":\r\nzz\r\n`)
          expect(answer.status).toBe(400)
        }
      }
      // The app's read of the body fails after Node's parser answered: give it time to log.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(faults).not.toHaveBeenCalled()
    } finally {
      faults.mockRestore()
    }
  })

  it(`serves input nested ${MAX_JSON_DEPTH} levels deep and refuses one level more`, async () => {
    const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`
    const report = toolNamed('Inspect_report')
    for (const channel of CHANNELS) {
      // An MCP message wraps the arguments in two more objects: the message and its params.
      const depth = MAX_JSON_DEPTH - (channel.startsWith('MCP') ? 2 : 0)
      const served = await callThrough(urls(), channel, report, nested(depth))
      expect(resultOf(channel, served)).toMatchObject({ ownKeys: ['a'] })
      const refused = await callThrough(urls(), channel, report, nested(depth + 1))
      expect(refused.status).toBe(400)
      expect(refused.text).toContain(`nests deeper than ${MAX_JSON_DEPTH} levels`)
    }
  })

  it('refuses an own "__proto__" member with 400 before any tool sees it', async () => {
    const text = '{"__proto__":{"polluted":true},"a":{"__proto__":{"isAdmin":true}}}'
    for (const channel of CHANNELS) {
      const answer = await callThrough(urls(), channel, toolNamed('Inspect_report'), text)
      expect(answer.status, channel).toBe(400)
      expect(answer.text, channel).toMatch(/__proto__\\?" key/)
    }
    expectNoPollution()
  })
})

afterAll(() => expectNoPollution())
