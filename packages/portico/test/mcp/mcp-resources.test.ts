import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

// Static resources (`resources/`), resource templates (`@resource`) and completion over MCP,
// with the official client in both eras, on the fixture `resources-plugin`.

const PIXEL = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c49444154789c63f8cfc00000030101' +
    '00c9fe92ef0000000049454e44ae426082',
  'hex',
)

const staticResources = [
  {
    uri: 'test://data',
    name: 'data.json',
    title: 'data.json',
    mimeType: 'application/json',
    size: 17,
  },
  {
    uri: 'test://guides/setup',
    name: 'guides/setup.md',
    title: 'setup.md',
    mimeType: 'text/markdown',
    size: 28,
  },
  { uri: 'test://pixel', name: 'pixel.png', title: 'pixel.png', mimeType: 'image/png', size: 69 },
  {
    uri: 'test://static-text',
    name: 'static-text.txt',
    title: 'static-text.txt',
    mimeType: 'text/plain',
    size: 30,
  },
]

const templates = [
  {
    uriTemplate: 'test://template/{id}/data',
    name: 'Library_item',
    title: 'Item data',
    description: "One item's data, as JSON.",
  },
  {
    uriTemplate: 'test://kinds/{kind}/page-{page}',
    name: 'Library_kind',
    description: 'The items of a kind, one page at a time, as CSV.',
    mimeType: 'text/csv',
  },
  {
    uriTemplate: 'test://switches/{on}',
    name: 'Library_switch',
    description: 'A switch, as one byte.',
  },
  {
    uriTemplate: 'test://broken/{why}',
    name: 'Library_broken',
    description: 'Fails, for the tests of errors.',
  },
  { uriTemplate: 'test://media/{name}', name: 'Media_medium', description: 'One medium, as text.' },
]

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(fixtureDir('resources-plugin'))
})
afterAll(() => server.close())

describe.each(protocolEras)('resources over MCP in the $name era', ({ mode }) => {
  const clients: Client[] = []
  let client: Client
  const connect = async (path: string) => {
    const connected = await connectMcpClient(`${server.url}${path}`, mode)
    clients.push(connected)
    return connected
  }
  beforeAll(async () => {
    client = await connect('/mcp')
  })
  afterAll(async () => {
    await Promise.all(clients.map((connected) => connected.close()))
  })

  it('declares resources and completions', () => {
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { subscribe: true, listChanged: false },
      completions: {},
    })
  })

  it('lists every file of resources/ with its URI, name, title, type and size, no dot-file', async () => {
    expect((await client.listResources()).resources).toEqual(staticResources)
  })

  it('reads a text file as text and a binary one as a base64 blob', async () => {
    expect((await client.readResource({ uri: 'test://static-text' })).contents).toEqual([
      {
        uri: 'test://static-text',
        mimeType: 'text/plain',
        text: 'Static text, served as it is.\n',
      },
    ])
    expect((await client.readResource({ uri: 'test://guides/setup' })).contents).toEqual([
      {
        uri: 'test://guides/setup',
        mimeType: 'text/markdown',
        text: '# Setup\n\nInstall, then run.\n',
      },
    ])
    expect((await client.readResource({ uri: 'test://pixel' })).contents).toEqual([
      { uri: 'test://pixel', mimeType: 'image/png', blob: PIXEL.toString('base64') },
    ])
  })

  it('lists the resource templates in declaration order', async () => {
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual(templates)
  })

  it('reads a template with its variables coerced to their types', async () => {
    expect((await client.readResource({ uri: 'test://template/42/data' })).contents).toEqual([
      {
        uri: 'test://template/42/data',
        mimeType: 'application/json',
        text: '{"id":42,"name":"Item 42"}',
      },
    ])
    expect((await client.readResource({ uri: 'test://kinds/board-game/page-2' })).contents).toEqual(
      [
        {
          uri: 'test://kinds/board-game/page-2',
          mimeType: 'text/csv',
          text: 'kind,page\nboard-game,2\n',
        },
      ],
    )
    expect((await client.readResource({ uri: 'test://switches/true' })).contents).toEqual([
      { uri: 'test://switches/true', mimeType: 'application/octet-stream', blob: 'AQ==' },
    ])
  })

  it('refuses variables their types reject with invalid params naming each path', async () => {
    await expect(client.readResource({ uri: 'test://template/0/data' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('/id: must be >= 1'),
    })
    await expect(client.readResource({ uri: 'test://kinds/music/page-x' })).rejects.toMatchObject({
      code: -32602,
      message:
        'The input of Library_kind is invalid; /kind: must be one of "book", "board-game", "film"; /page: must be an integer',
    })
    await expect(client.readResource({ uri: 'test://switches/maybe' })).rejects.toMatchObject({
      code: -32602,
      message: 'The input of Library_switch is invalid; /on: must be a boolean',
    })
  })

  it('answers a failing template with an internal error that keeps its message to the log', async () => {
    await expect(client.readResource({ uri: 'test://broken/now' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('The tool failed. The server log has the details.'),
    })
  })

  it('completes a template variable and a prompt argument from their declared values', async () => {
    expect(
      await client.complete({
        ref: { type: 'ref/resource', uri: 'test://kinds/{kind}/page-{page}' },
        argument: { name: 'kind', value: 'b' },
      }),
    ).toMatchObject({ completion: { values: ['book', 'board-game'], total: 2, hasMore: false } })
    expect(
      await client.complete({
        ref: { type: 'ref/resource', uri: 'test://switches/{on}' },
        argument: { name: 'on', value: '' },
      }),
    ).toMatchObject({ completion: { values: ['true', 'false'], total: 2, hasMore: false } })
    expect(
      await client.complete({
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'tone', value: 'F' },
      }),
    ).toMatchObject({ completion: { values: ['formal', 'friendly', 'funny'], total: 3 } })
    expect(
      await client.complete({
        ref: { type: 'ref/prompt', name: 'recommend' },
        argument: { name: 'kind', value: 'fi' },
      }),
    ).toMatchObject({ completion: { values: ['film'], total: 1, hasMore: false } })
  })

  it('completes nothing for a free variable, and refuses an unknown prompt or template', async () => {
    expect(
      await client.complete({
        ref: { type: 'ref/prompt', name: 'recommend' },
        argument: { name: 'mood', value: '' },
      }),
    ).toMatchObject({ completion: { values: [], total: 0, hasMore: false } })
    await expect(
      client.complete({
        ref: { type: 'ref/prompt', name: 'nope' },
        argument: { name: 'a', value: '' },
      }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Prompt nope not found'),
    })
    await expect(
      client.complete({
        ref: { type: 'ref/resource', uri: 'test://nope/{x}' },
        argument: { name: 'x', value: '' },
      }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('offers a named server the templates of its classes, and no static files', async () => {
    const media = await connect('/mcp/media')
    expect((await media.listResources()).resources).toEqual([])
    expect((await media.listResourceTemplates()).resourceTemplates).toEqual([templates[4]])
    expect((await media.readResource({ uri: 'test://media/poster' })).contents).toEqual([
      { uri: 'test://media/poster', mimeType: 'text/plain', text: 'Medium poster' },
    ])
    // The client reads either era's code as not found (the wire codes: see below).
    for (const uri of ['test://static-text', 'test://template/1/data']) {
      await expect(media.readResource({ uri }), uri).rejects.toMatchObject({ data: { uri } })
    }
    expect(
      await media.complete({
        ref: { type: 'ref/resource', uri: 'test://media/{name}' },
        argument: { name: 'name', value: 't' },
      }),
    ).toMatchObject({ completion: { values: ['trailer'] } })
    // The main server offers the same template too.
    expect((await client.readResource({ uri: 'test://media/trailer' })).contents).toHaveLength(1)
  })
})

/** One raw JSON-RPC request in an era, for the wire codes the client does not show as is. */
function rpc(era: McpEra, method: string, params: Record<string, unknown>) {
  return rawMcp(server.url, { era }).request(method, params)
}

describe('unknown resources on the wire', () => {
  it.each([
    ['2025', -32002],
    ['2026', -32602],
  ] as const)('answers an unknown URI in the %s era with %i and the URI', async (era, code) => {
    for (const uri of ['test://nope', 'test://template/101/data']) {
      const { error } = await rpc(era, 'resources/read', { uri })
      expect(error?.code, uri).toBe(code)
      expect(error?.message, uri).toMatch(/^(Resource not found|No item 101)/)
      expect(error?.data, uri).toEqual({ uri })
    }
  })

  it('takes 2025 subscriptions to a file or a template read, and refuses an unknown URI', async () => {
    for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
      for (const uri of ['test://static-text', 'test://template/7/data']) {
        expect(await rpc('2025', method, { uri }), `${method} ${uri}`).toMatchObject({ result: {} })
      }
      const { error } = await rpc('2025', method, { uri: 'test://nope' })
      expect(error, method).toMatchObject({ code: -32002, data: { uri: 'test://nope' } })
      // 2026-07-28 has no subscriptions.
      expect((await rpc('2026', method, { uri: 'test://static-text' })).error?.code).toBe(-32601)
    }
  })

  it('answers resources/templates/list with the public hint of every list in mode anon', async () => {
    const { result } = await rpc('2026', 'resources/templates/list', {})
    expect([result?.ttlMs, result?.cacheScope]).toEqual([300_000, 'public'])
    const tools = await rpc('2026', 'tools/list', {})
    expect([tools.result?.ttlMs, tools.result?.cacheScope]).toEqual([300_000, 'public'])
  })

  it('hints that a file may be kept as long as the lists, and a template read not at all', async () => {
    const file = await rpc('2026', 'resources/read', { uri: 'test://static-text' })
    expect([file.result?.ttlMs, file.result?.cacheScope]).toEqual([300_000, 'public'])
    const template = await rpc('2026', 'resources/read', { uri: 'test://template/1/data' })
    expect([template.result?.ttlMs, template.result?.cacheScope]).toEqual([0, 'public'])
  })
})
