import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEGACY_PROTOCOL_VERSIONS } from '../../src/surfaces/mcp/wire/protocol-versions.js'
import { UNSAFE_ID_MESSAGE } from '../../src/surfaces/mcp/wire/refuse-unsafe-id.js'
import { ERA_VERSION, initializeBody, type McpEra, rawMcp } from '../support/raw-mcp.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * What Portico says back exactly (issue 30, item 8): the protocol version `initialize`
 * negotiates and the versions a refusal lists, both from the one list of
 * `protocol-versions.ts`; and a request id, which is echoed as sent or refused by name.
 */

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server?.close())

describe('the initialize-based revisions', () => {
  it.each([...LEGACY_PROTOCOL_VERSIONS])(
    'answers initialize in %s, the version the client asked for',
    async (version) => {
      const response = await rawMcp(server.url).post(initializeBody(version))
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ id: 0, result: { protocolVersion: version } })
    },
  )

  it('answers initialize in an unlisted version with its newest, as the spec asks', async () => {
    const response = await rawMcp(server.url).post(initializeBody('2024-01-01'))
    expect(await response.json()).toMatchObject({
      result: { protocolVersion: LEGACY_PROTOCOL_VERSIONS[0] },
    })
  })

  it.each([
    ['tools/list', 'the hot path'],
    ['ping', 'the SDK'],
  ])('answers %s in 2024-11-05 (%s)', async (method) => {
    const answer = await rawMcp(server.url, { version: '2024-11-05' }).request(method)
    expect(answer.status).toBe(200)
    expect(answer.result).toBeDefined()
  })

  it('refuses a version header it does not list, naming the list', async () => {
    const answer = await rawMcp(server.url, { version: '2024-01-01' }).request('ping')
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe(
      `Bad Request: Unsupported protocol version: 2024-01-01 (supported versions: ${LEGACY_PROTOCOL_VERSIONS.join(', ')})`,
    )
  })
})

/** The same request of an era, with its `id` written as the raw token `id`. */
function rawBody(era: McpEra, method: string, id: string): string {
  const params =
    era === '2026'
      ? {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': ERA_VERSION[era],
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        }
      : method === 'initialize'
        ? initializeBody().params
        : {}
  return `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${JSON.stringify(params)}}`
}

function postRaw(era: McpEra, method: string, id: string): Promise<Response> {
  const mcp = rawMcp(server.url, { era })
  return fetch(mcp.endpoint, {
    method: 'POST',
    headers: mcp.headers({
      accept: 'application/json',
      'mcp-protocol-version': ERA_VERSION[era],
      ...(era === '2026' ? { 'mcp-method': method } : {}),
    }),
    body: rawBody(era, method, id),
  })
}

describe.each([
  ['2025', 'tools/list', 'the hot path'],
  ['2025', 'ping', 'the SDK'],
  ['2025', 'initialize', 'the SDK'],
  ['2026', 'tools/list', 'the hot path'],
  ['2026', 'server/discover', 'the SDK'],
] as const)('integer ids in era %s, %s (%s)', (era, method, _path) => {
  it.each(['9007199254740993', '9007199254740992', '-9007199254740993', '1e300'])(
    'refuses the id %s, which a double cannot hold exactly, naming the limit',
    async (id) => {
      const response = await postRaw(era, method, id)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32600, message: UNSAFE_ID_MESSAGE },
        id: null,
      })
    },
  )

  it.each(['9007199254740991', '-9007199254740991'])('echoes the id %s exactly', async (id) => {
    const response = await postRaw(era, method, id)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(`"id":${id}`)
  })
})
