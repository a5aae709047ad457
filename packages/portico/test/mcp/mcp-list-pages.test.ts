import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolRuntime } from '../../src/invoke/create-tool-runtime.js'
import type {
  PluginModel,
  PromptDefinition,
  ResourceFileDefinition,
  ResourceTemplateDefinition,
} from '../../src/model/plugin-model.js'
import { createApp } from '../../src/server/create-app.js'
import { type RunningServer, startNodeServer } from '../../src/server/start-node-server.js'
import { createBareModel, createFixtureTool } from '../support/example-model-fixture.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'

// A catalog past the page size (`limits.mcpListPageSize`, 500 by default): every list answers in
// pages, through the hot path and the SDK alike, with cursors any replica of the same plugin
// reads, and -32602 for any other.

const TOOLS = 10_000
/** Three pages each: 500, 500 and 100. */
const OTHERS = 1_100
const PAGE = 500

/** Tools, prompts, files and templates by the thousand, one class holding every method. */
function createCatalogModel(changed = false): PluginModel {
  const tools = Array.from({ length: TOOLS }, (_, index) =>
    createFixtureTool('Many', `op${index}`, {
      description: changed && index === TOOLS - 1 ? 'Changed.' : `Operation ${index}.`,
    }),
  )
  const prompts: PromptDefinition[] = Array.from({ length: OTHERS }, (_, index) => ({
    name: `prompt${index}`,
    arguments: [],
    template: `Prompt ${index}.`,
    source: { file: `prompts/prompt${index}.md`, line: 1 },
  }))
  const resources: ResourceFileDefinition[] = Array.from({ length: OTHERS }, (_, index) => ({
    uri: `notes://files/f${String(index).padStart(4, '0')}`,
    file: { path: `files/f${String(index).padStart(4, '0')}.txt`, base64: 'aGk=' },
    mimeType: 'text/plain',
    text: true,
    size: 2,
  }))
  const resourceTemplates: ResourceTemplateDefinition[] = Array.from(
    { length: OTHERS },
    (_, index) => ({
      id: `Many_read${index}`,
      className: 'Many',
      methodName: `read${index}`,
      uriTemplate: `notes://t${index}/{id}`,
      variables: ['id'],
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: false,
      },
      source: { file: 'tools/many.ts', line: 1 },
    }),
  )
  return {
    ...createBareModel(),
    toolClasses: [{ name: 'Many', file: 'tools/many.ts', toolIds: tools.map((tool) => tool.id) }],
    tools,
    prompts,
    resources,
    resourceTemplates,
  }
}

class Many {}
for (let index = 0; index < Math.max(TOOLS, OTHERS); index++) {
  Object.defineProperty(Many.prototype, `op${index}`, { value: async () => 'done' })
  Object.defineProperty(Many.prototype, `read${index}`, { value: async () => 'read' })
}

/** A replica of a model: its own runtime and app on its own port. */
async function serveReplica(model: PluginModel): Promise<RunningServer> {
  const runtime = createToolRuntime(model, new Map([['Many', Many]]), {
    compileValidators: 'lazy',
  })
  const app = createApp(runtime, { rootDir: '/nonexistent', dev: false })
  return startNodeServer({ fetch: app.fetch, port: 0, host: '127.0.0.1' })
}

const urlOf = (server: RunningServer) => `http://127.0.0.1:${server.port}`

let replicaA: RunningServer
let replicaB: RunningServer
let rebuilt: RunningServer

beforeAll(async () => {
  ;[replicaA, replicaB, rebuilt] = await Promise.all([
    serveReplica(createCatalogModel()),
    serveReplica(createCatalogModel()),
    serveReplica(createCatalogModel(true)),
  ])
})
afterAll(() => Promise.all([replicaA, replicaB, rebuilt].map((server) => server?.close())))

/** Each list method, the key its result holds the entries under, and how an entry is named. */
const lists = [
  { method: 'tools/list', key: 'tools', count: TOOLS, id: (entry: Named) => entry.name },
  { method: 'prompts/list', key: 'prompts', count: OTHERS, id: (entry: Named) => entry.name },
  { method: 'resources/list', key: 'resources', count: OTHERS, id: (entry: Named) => entry.uri },
  {
    method: 'resources/templates/list',
    key: 'resourceTemplates',
    count: OTHERS,
    id: (entry: Named) => entry.uriTemplate,
  },
] as const

interface Named {
  name: string
  uri?: string
  uriTemplate?: string
}

interface ListPage {
  entries: Named[]
  nextCursor?: string | undefined
}

/** The pages of a list, from the first page to the one without `nextCursor`. */
async function walkPages(
  list: (cursor: string | undefined) => Promise<ListPage>,
): Promise<ListPage[]> {
  const pages: ListPage[] = []
  let cursor: string | undefined
  do {
    const page = await list(cursor)
    pages.push(page)
    cursor = page.nextCursor
  } while (cursor !== undefined && pages.length <= TOOLS / PAGE)
  return pages
}

/** One page of a list method through the official client, as it answered it. */
async function clientPage(
  client: Client,
  method: (typeof lists)[number]['method'],
  cursor: string | undefined,
): Promise<ListPage> {
  const params = cursor === undefined ? {} : { cursor }
  switch (method) {
    case 'tools/list': {
      const { tools, nextCursor } = await client.request({ method, params })
      return { entries: tools, nextCursor }
    }
    case 'prompts/list': {
      const { prompts, nextCursor } = await client.request({ method, params })
      return { entries: prompts, nextCursor }
    }
    case 'resources/list': {
      const { resources, nextCursor } = await client.request({ method, params })
      return { entries: resources, nextCursor }
    }
    case 'resources/templates/list': {
      const { resourceTemplates, nextCursor } = await client.request({ method, params })
      return { entries: resourceTemplates, nextCursor }
    }
  }
}

describe.each(protocolEras)('lists past a page through the official client, $name', ({ mode }) => {
  let client: Client
  beforeAll(async () => {
    client = await connectMcpClient(`${urlOf(replicaA)}/mcp`, mode)
  })
  afterAll(() => client?.close())

  it.each(lists)('walks $method page by page, each entry once, in order', async (list) => {
    const pages = await walkPages((cursor) => clientPage(client, list.method, cursor))
    expect(pages.map((page) => page.entries.length)).toEqual(
      Array.from({ length: Math.ceil(list.count / PAGE) }, (_, index) =>
        Math.min(PAGE, list.count - index * PAGE),
      ),
    )
    const ids = pages.flatMap((page) => page.entries.map(list.id))
    expect(new Set(ids).size).toBe(list.count)
    expect(ids[0]).toBe(list.id(pages[0]?.entries[0] as Named))
    expect(pages.at(-1)?.nextCursor).toBeUndefined()
  })

  it('collects all 10,000 tools with listTools(), which follows the cursors itself', async () => {
    const { tools, nextCursor } = await client.listTools()
    expect(tools).toHaveLength(TOOLS)
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(TOOLS)
    expect(tools[TOOLS - 1]?.name).toBe(`Many_op${TOOLS - 1}`)
    expect(nextCursor).toBeUndefined()
  })

  it('refuses a forged cursor, and one of another list, with -32602', async () => {
    const invalid = (method: string) => ({
      code: -32602,
      message: `Invalid cursor for ${method}: this server did not issue it, or its list has changed since; list again without a cursor`,
    })
    await expect(client.listTools({ cursor: 'bogus' })).rejects.toMatchObject(invalid('tools/list'))
    const { nextCursor } = await clientPage(client, 'prompts/list', undefined)
    await expect(client.listTools({ cursor: nextCursor as string })).rejects.toMatchObject(
      invalid('tools/list'),
    )
    await expect(client.listResources({ cursor: nextCursor as string })).rejects.toMatchObject(
      invalid('resources/list'),
    )
    await expect(client.listResourceTemplates({ cursor: 'bogus' })).rejects.toMatchObject(
      invalid('resources/templates/list'),
    )
    await expect(client.listPrompts({ cursor: nextCursor as string })).resolves.toMatchObject({
      prompts: expect.any(Array),
    })
  })
})

describe.each(['2025', '2026'] as const satisfies McpEra[])('list pages on the %s wire', (era) => {
  const sse = { headers: { accept: 'text/event-stream' } }

  it.each(lists)(
    'answers each page of $method the same through the hot path and the SDK',
    async ({ method, count }) => {
      const mcp = rawMcp(urlOf(replicaA), { era })
      let cursor: string | undefined
      let pages = 0
      do {
        const params = cursor === undefined ? {} : { cursor }
        const [json, stream] = await Promise.all([
          mcp.request(method, params),
          mcp.request(method, params, sse),
        ])
        expect(json.headers.get('content-type')).toBe('application/json')
        expect(stream.headers.get('content-type')).toBe('text/event-stream')
        expect(json.result).toBeDefined()
        expect(json.result).toEqual(stream.result)
        cursor = json.result?.nextCursor as string | undefined
        pages++
      } while (cursor !== undefined && pages <= TOOLS / PAGE)
      expect(pages).toBe(Math.ceil(count / PAGE))
    },
  )

  it('gives every page the list cache hint in 2026-07-28', async () => {
    const mcp = rawMcp(urlOf(replicaA), { era })
    const first = await mcp.request('tools/list')
    expect(first.result?.nextCursor).toEqual(expect.any(String))
    const second = await mcp.request('tools/list', { cursor: first.result?.nextCursor })
    expect(second.result?.tools).toHaveLength(PAGE)
    for (const page of [first, second]) {
      expect(page.status).toBe(200)
      if (era === '2026') {
        expect(page.result).toMatchObject({
          resultType: 'complete',
          ttlMs: 300_000,
          cacheScope: 'public',
        })
      } else {
        expect(page.result).not.toHaveProperty('ttlMs')
      }
    }
  })

  it('reads a cursor of replica A on replica B, and refuses it on a rebuilt plugin', async () => {
    const first = await rawMcp(urlOf(replicaA), { era }).request('tools/list')
    const cursor = first.result?.nextCursor as string
    const onB = await rawMcp(urlOf(replicaB), { era }).request('tools/list', { cursor })
    const onA = await rawMcp(urlOf(replicaA), { era }).request('tools/list', { cursor })
    expect(onB.result).toEqual(onA.result)
    expect((onB.result?.tools as Named[] | undefined)?.[0]?.name).toBe(`Many_op${PAGE}`)

    for (const accept of [{}, sse]) {
      const refused = await rawMcp(urlOf(rebuilt), { era }).request(
        'tools/list',
        { cursor },
        accept,
      )
      expect(refused.error).toEqual({
        code: -32602,
        message:
          'Invalid cursor for tools/list: this server did not issue it, or its list has changed since; list again without a cursor',
      })
      expect(refused.status).toBe(200)
    }
  })
})

describe('limits.mcpListPageSize, in a stateful 2025 session', () => {
  let small: RunningServer
  beforeAll(async () => {
    const bare = createBareModel()
    const tools = Array.from({ length: 5 }, (_, index) => createFixtureTool('Many', `op${index}`))
    small = await serveReplica({
      ...bare,
      config: {
        ...bare.config,
        mcp: { ...bare.config.mcp, sessions: 'stateful' },
        limits: { ...bare.config.limits, mcpListPageSize: 2 },
      },
      toolClasses: [{ name: 'Many', file: 'tools/many.ts', toolIds: tools.map((tool) => tool.id) }],
      tools,
    })
  })
  afterAll(() => small?.close())

  it('answers pages of the configured size to the session the client opened', async () => {
    const client = await connectMcpClient(`${urlOf(small)}/mcp`, 'legacy')
    try {
      const pages = await walkPages((cursor) => clientPage(client, 'tools/list', cursor))
      expect(pages.map((page) => page.entries.map((tool) => tool.name))).toEqual([
        ['Many_op0', 'Many_op1'],
        ['Many_op2', 'Many_op3'],
        ['Many_op4'],
      ])
      // The session's server answered, not the stateless legs.
      expect(client.transport?.sessionId).toEqual(expect.any(String))
    } finally {
      await client.close()
    }
  })
})
