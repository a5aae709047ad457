import fc from 'fast-check'
import type { McpEra } from '../support/raw-mcp.js'
import { FIXTURE_TOOLS, MCP_SERVERS } from './hostile-fixture.js'
import {
  byteMutationArb,
  exhaustingTextArb,
  HOSTILE_KEYS,
  holdsRefusedJson,
  type JsonTree,
  jsonTextOf,
  jsonTreeArb,
  keyArb,
  mutatedBytes,
  numberArb,
  type ObjectTree,
  objectOf,
  stringArb,
  visibleAscii,
} from './hostile-json.js'

/** One generated MCP request. */
export interface McpCase {
  httpMethod: string
  endpoint: string
  /** The 2025 revisions, or 2026-07-28. */
  wire: McpEra
  headers: Record<string, string>
  body: Uint8Array
}

const MODERN = '2026-07-28'

/** The `_meta` envelope every 2026-07-28 request carries. */
export const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'hostile', version: '1' },
}

/** A JSON value as a {@link JsonTree} (keys taken as they are). */
function treeOf(value: unknown): JsonTree {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value
  if (typeof value === 'number') return { number: JSON.stringify(value) }
  if (Array.isArray(value)) return value.map(treeOf)
  return { entries: Object.entries(value as object).map(([key, child]) => [key, treeOf(child)]) }
}

const METHODS = [
  'tools/call',
  'tools/list',
  'ping',
  'initialize',
  'prompts/get',
  'prompts/list',
  'resources/read',
  'resources/list',
  'resources/templates/list',
  'resources/subscribe',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
] as const

const toolNameArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIXTURE_TOOLS.map((tool) => tool.name)) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS, 'Inspect_item', 'Nope_nope') },
)

/** Resource URIs: the fixture's, near misses, traversals, other schemes, and any string. */
export const uriArb = fc.oneof(
  fc.constantFrom(
    'hostile://note',
    'hostile://items/1',
    'hostile://items/0',
    'hostile://items/1e400',
    'hostile://items/%c0%af',
    'hostile://items/..%2f..%2fetc%2fpasswd',
    'hostile://items/__proto__',
    'skill://probe/SKILL.md',
    'skill://probe/../../package.json',
    'skill://%2e%2e/SKILL.md',
    'ui://widgets/Inspect_report.html',
    'file:///etc/passwd',
    '',
  ),
  stringArb,
  fc.integer({ min: 1, max: 10_000 }).map((size) => `hostile://items/${'9'.repeat(size)}`),
)

/** Arguments of any shape, and ones shaped like a tool's input with wrong members. */
const argumentsArb: fc.Arbitrary<JsonTree> = fc.oneof(
  objectOf(
    fc.constantFrom('a', 'b', 'note', 'name', 'topic', '__proto__', 'constructor'),
    fc.oneof(numberArb, stringArb, jsonTreeArb),
  ),
  jsonTreeArb,
)

/** Params shaped for a method, with hostile values. */
function paramsArb(method: string): fc.Arbitrary<ObjectTree> {
  const entries = (record: Record<string, fc.Arbitrary<JsonTree>>) =>
    fc
      .tuple(
        ...Object.entries(record).map(([key, value]) =>
          fc.option(value, { nil: undefined, freq: 5 }).map((tree) => [key, tree] as const),
        ),
      )
      .map((pairs) => ({
        entries: pairs.filter((pair): pair is [string, JsonTree] => pair[1] !== undefined),
      }))
  switch (method) {
    case 'tools/call':
      return entries({ name: toolNameArb, arguments: argumentsArb })
    case 'prompts/get':
      return entries({ name: fc.constantFrom('ask', '__proto__', 'nope'), arguments: argumentsArb })
    case 'resources/read':
    case 'resources/subscribe':
      return entries({ uri: uriArb })
    case 'completion/complete':
      return entries({
        ref: fc.oneof(
          fc.constant(treeOf({ type: 'ref/prompt', name: 'ask' })),
          fc.constant(treeOf({ type: 'ref/resource', uri: 'hostile://items/{id}' })),
          jsonTreeArb,
        ),
        argument: objectOf(fc.constantFrom('name', 'value', '__proto__'), stringArb),
      })
    case 'logging/setLevel':
      return entries({ level: fc.oneof(fc.constantFrom('debug', 'error', '__proto__'), stringArb) })
    case 'initialize':
      return entries({
        protocolVersion: fc.constantFrom('2025-11-25', '2025-03-26', '1999-01-01', 'banana'),
        capabilities: jsonTreeArb,
        clientInfo: fc.oneof(fc.constant(treeOf({ name: 'x', version: '1' })), jsonTreeArb),
      })
    default:
      return objectOf(keyArb, jsonTreeArb)
  }
}

/** The `_meta` of a 2026-07-28 request: the envelope, a broken one, or none. */
const metaArb: fc.Arbitrary<JsonTree | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(treeOf(ENVELOPE)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.subarray(Object.keys(ENVELOPE)),
        fc.oneof(jsonTreeArb, fc.constant(treeOf('2025-11-25'))),
      )
      .map(([keys, wrong]) => ({
        entries: Object.entries(ENVELOPE).map(([key, value]): [string, JsonTree] => [
          key,
          keys.includes(key) ? wrong : treeOf(value),
        ]),
      })),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: jsonTreeArb },
)

/** A message as its text and the 2026-07-28 headers a client derives from it. */
interface GeneratedMessage {
  text: string
  modernHeaders: Record<string, string>
}

/** A message whose members are each right most of the time and wrong otherwise. */
function messageArb(wire: McpEra): fc.Arbitrary<GeneratedMessage> {
  return fc
    .oneof(
      { weight: 18, arbitrary: fc.constantFrom<JsonTree>(...METHODS) },
      { weight: 1, arbitrary: fc.oneof(stringArb, jsonTreeArb) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    )
    .chain((method) =>
      fc
        .record({
          jsonrpc: fc.oneof(
            { weight: 19, arbitrary: fc.constant<JsonTree | undefined>('2.0') },
            { weight: 1, arbitrary: fc.oneof(fc.constantFrom('1.0', '2', undefined), jsonTreeArb) },
          ),
          id: fc.oneof(
            { weight: 20, arbitrary: fc.integer({ min: 0, max: 1_000 }).map(treeOf) },
            { weight: 2, arbitrary: fc.oneof(stringArb, numberArb, fc.constant(undefined)) },
            { weight: 1, arbitrary: jsonTreeArb },
          ),
          params: fc.oneof(
            { weight: 18, arbitrary: paramsArb(typeof method === 'string' ? method : '') },
            { weight: 1, arbitrary: jsonTreeArb },
            { weight: 1, arbitrary: fc.constant(undefined) },
          ),
          meta: metaArb,
          extra: fc.oneof(
            { weight: 18, arbitrary: fc.constant({ entries: [] }) },
            { weight: 1, arbitrary: objectOf(keyArb, jsonTreeArb) },
          ),
        })
        .map(({ jsonrpc, id, params, meta, extra }) => {
          const paramsObject = isObjectTree(params) ? params : undefined
          const withMeta =
            paramsObject && wire === '2026' && meta !== undefined
              ? { entries: [...paramsObject.entries, ['_meta', meta] as [string, JsonTree]] }
              : params
          const entries: [string, JsonTree | undefined][] = [
            ['jsonrpc', jsonrpc],
            ['id', id],
            ['method', method],
            ['params', withMeta],
            ...extra.entries,
          ]
          const present = entries.filter(
            (entry): entry is [string, JsonTree] => entry[1] !== undefined,
          )
          const named = paramsObject?.entries.find(([key]) => key === 'name' || key === 'uri')?.[1]
          return {
            text: jsonTextOf({ entries: present }),
            modernHeaders: {
              'mcp-protocol-version': MODERN,
              ...(typeof method === 'string' ? { 'mcp-method': headerSafe(method) } : {}),
              ...(typeof named === 'string' ? { 'mcp-name': headerSafe(named) } : {}),
            },
          }
        }),
    )
}

function isObjectTree(tree: JsonTree | undefined): tree is ObjectTree {
  return typeof tree === 'object' && tree !== null && !Array.isArray(tree) && 'entries' in tree
}

/** What `fetch` can send of a value: visible ASCII only (the raw requests send the rest). */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').trim()
}

const headerValueArb = fc.string({ unit: visibleAscii, maxLength: 30 })

/** Headers over the wire's own: right, missing or wrong. */
const headerChangesArb: fc.Arbitrary<Record<string, string | undefined>> = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom(
        undefined,
        'application/json',
        'text/event-stream',
        '*/*',
        'text/html',
        'application/json;q=0',
      ),
      headerValueArb,
    ),
    'content-type': fc.oneof(
      fc.constantFrom(undefined, 'text/plain', 'application/json; charset=utf-8'),
      headerValueArb,
    ),
    'mcp-protocol-version': fc.oneof(
      fc.constantFrom(
        undefined,
        '2025-11-25',
        '2025-06-18',
        '2025-03-26',
        '2024-11-05',
        '1999-01-01',
        '2099-01-01',
        MODERN,
        'banana',
      ),
      headerValueArb,
    ),
    'mcp-method': fc.oneof(fc.constantFrom(undefined, 'tools/call', 'ping'), headerValueArb),
    'mcp-name': fc.oneof(fc.constantFrom(undefined, 'Inspect_report'), headerValueArb),
    'mcp-session-id': headerValueArb,
    'last-event-id': headerValueArb,
  },
  { requiredKeys: [] },
)

/** A message, a batch, or a body that is no message at all. */
function bodyArb(wire: McpEra): fc.Arbitrary<GeneratedMessage> {
  const versionOnly = { 'mcp-protocol-version': MODERN }
  return fc.oneof(
    { weight: 8, arbitrary: messageArb(wire) },
    {
      weight: 1,
      arbitrary: fc.array(messageArb(wire), { maxLength: 3 }).map((batch) => ({
        text: `[${batch.map((message) => message.text).join(',')}]`,
        modernHeaders: versionOnly,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(jsonTreeArb.map(jsonTextOf), exhaustingTextArb)
        .map((text) => ({ text, modernHeaders: versionOnly })),
    },
  )
}

const endpointArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('/mcp') },
  { weight: 2, arbitrary: fc.constantFrom(...MCP_SERVERS.map((server) => `/mcp/${server}`)) },
  { weight: 1, arbitrary: fc.constantFrom('/mcp/nope', '/mcp/__proto__', '/mcp/constructor') },
)

/** Any MCP request: a hostile message on a wire, with hostile headers now and then. */
export const hostileMcpCaseArb: fc.Arbitrary<McpCase> = fc
  .constantFrom<McpEra>('2025', '2026')
  .chain((wire) =>
    fc.record({
      httpMethod: fc.oneof(
        { weight: 12, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'DELETE', 'PUT', 'PATCH') },
      ),
      endpoint: endpointArb,
      wire: fc.constant(wire),
      body: bodyArb(wire),
      mutations: fc.oneof(
        { weight: 6, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(byteMutationArb, { minLength: 1, maxLength: 2 }) },
      ),
      changes: fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: headerChangesArb },
      ),
    }),
  )
  .map(({ httpMethod, endpoint, wire, body, mutations, changes }) => {
    const wireHeaders =
      wire === '2026' ? body.modernHeaders : { 'mcp-protocol-version': '2025-11-25' }
    const headers = withChanges(
      {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...wireHeaders,
      },
      changes,
    )
    const bytes = mutatedBytes(body.text, mutations)
    return { httpMethod, endpoint, wire, headers, body: bytes }
  })

function withChanges(
  headers: Record<string, string>,
  changes: Record<string, string | undefined>,
): Record<string, string> {
  const changed = { ...headers }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete changed[name]
    else changed[name] = value
  }
  return changed
}

/** A valid tool call or list on either wire and any endpoint that serves it. */
export const validMcpCaseArb: fc.Arbitrary<McpCase> = fc
  .record({
    wire: fc.constantFrom<McpEra>('2025', '2026'),
    server: fc.constantFrom('', ...MCP_SERVERS),
    accept: fc.constantFrom(
      'application/json, text/event-stream',
      'application/json',
      '*/*',
      'text/event-stream',
    ),
    id: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.string({ maxLength: 10 })),
    call: fc.oneof(
      fc.constant({ method: 'tools/list' }),
      fc.record({
        method: fc.constant('tools/call'),
        name: fc.constant('Inspect_pair'),
        arguments: fc.record(
          {
            a: fc.double({ noNaN: true, noDefaultInfinity: true }),
            b: fc.integer(),
            note: fc.string(),
          },
          { requiredKeys: ['a', 'b'] },
        ),
      }),
      fc.record({
        method: fc.constant('tools/call'),
        name: fc.constant('Inspect_report'),
        // Valid means the server serves it: no key it refuses (`prototype` at any depth).
        arguments: fc
          .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
          .filter((args) => !holdsRefusedJson(args)),
      }),
      fc.record({
        method: fc.constant('tools/call'),
        name: fc.constant('Inspect_greet'),
        arguments: fc.record({ name: fc.string() }),
      }),
      fc.constant({ method: 'tools/call', name: 'Side_ping', arguments: {} }),
    ),
  })
  .filter(({ server, call }) => server === '' || !('name' in call) || call.name === 'Side_ping')
  .map(({ wire, server, accept, id, call }) => {
    const { method, ...params } = call
    const modern = wire === '2026'
    const message = {
      jsonrpc: '2.0',
      id,
      method,
      params: modern ? { ...params, _meta: ENVELOPE } : params,
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept,
      'mcp-protocol-version': modern ? MODERN : '2025-11-25',
      ...(modern ? { 'mcp-method': method } : {}),
      ...(modern && 'name' in params ? { 'mcp-name': params.name } : {}),
    }
    return {
      httpMethod: 'POST',
      endpoint: server === '' ? '/mcp' : `/mcp/${server}`,
      wire,
      headers,
      body: new Uint8Array(Buffer.from(JSON.stringify(message), 'utf8')),
    }
  })
