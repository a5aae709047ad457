import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { useLoggedLines } from '../support/logged-lines.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'
import {
  callTool,
  fixtureDir,
  type ServedPlugin,
  servePlugin,
  useServedInBothModes,
} from '../support/serve-plugin.js'

// `limits.resultBytes` (1024 in the fixture) over REST and both MCP eras, on each path MCP
// writes a result on: docs/tool-faults.md, "returns a result over limits.resultBytes".

const LIMIT = 1024
/** `{"text":""}`: what `Sized.text` adds around its characters. */
const FRAME = '{"text":""}'.length
const served = useServedInBothModes(fixtureDir('sized-plugin'))

/** Every line the server logged in this file, an Error as `Name: message`. */
const logged = useLoggedLines()

const over = (tool: string, bytes: number) =>
  `The result of Sized_${tool} is ${bytes} bytes, over limits.resultBytes (${LIMIT})`

interface McpToolResult {
  content: { type: string; text: string }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

function mcpCall(url: string, era: McpEra, tool: string, input: Record<string, unknown>) {
  return rawMcp(url, { era }).request<McpToolResult>('tools/call', {
    name: `Sized_${tool}`,
    arguments: input,
  })
}

describe('REST', () => {
  it('answers a result of exactly limits.resultBytes whole', async () => {
    const response = await callTool(served.production.url, '/api/Sized/text', {
      length: LIMIT - FRAME,
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toHaveLength(LIMIT)
  })

  it.each([
    ['production', () => served.production],
    ['dev', () => served.dev],
  ])(
    'answers one byte over with a 500 execution problem naming the limit (%s)',
    async (_, plugin) => {
      const response = await callTool(plugin().url, '/api/Sized/text', {
        length: LIMIT - FRAME + 1,
      })
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
      expect(await response.json()).toMatchObject({
        type: 'urn:portico:problem:execution',
        title: 'Tool execution failed',
        status: 500,
        detail: over('text', LIMIT + 1),
      })
    },
  )

  it('counts UTF-8 bytes, not characters', async () => {
    const length = Math.ceil((LIMIT - FRAME + 1) / 2)
    const response = await callTool(served.production.url, '/api/Sized/text', {
      length,
      char: 'é',
    })
    expect(response.status).toBe(500)
    expect(((await response.json()) as { detail: string }).detail).toBe(
      over('text', FRAME + 2 * length),
    )
  })

  it('logs the refusal once per call', async () => {
    const before = logged.length
    await callTool(served.production.url, '/api/Sized/text', { length: LIMIT })
    expect(logged.slice(before)).toEqual([
      `Sized_text failed: PorticoError: ${over('text', LIMIT + FRAME)}`,
    ])
  })
})

/** Each tool of the fixture, the input that puts its JSON exactly at `bytes`, and its MCP form. */
const mcpTools = [
  { tool: 'text', input: (bytes: number) => ({ length: bytes - FRAME }) },
  { tool: 'textWithContext', input: (bytes: number) => ({ length: bytes - FRAME }) },
  { tool: 'bare', input: (bytes: number) => ({ length: bytes - 2 }) },
]

describe.each(['2025', '2026'] as const)('MCP, %s wire (stateless, the hot path)', (era) => {
  it.each(mcpTools)('answers $tool at the limit whole', async ({ tool, input }) => {
    const answer = await mcpCall(served.production.url, era, tool, input(LIMIT))
    expect(answer.status).toBe(200)
    expect(answer.result?.isError).toBeUndefined()
    const text = answer.result?.content[0]?.text ?? ''
    expect(JSON.parse(text)).toEqual(answer.result?.structuredContent)
    expect(text.length).toBe(tool === 'bare' ? LIMIT + '{"result":}'.length : LIMIT)
  })

  it.each(mcpTools)(
    'answers $tool one byte over with an isError result naming the limit, in production too',
    async ({ tool, input }) => {
      const answer = await mcpCall(served.production.url, era, tool, input(LIMIT + 1))
      expect(answer.status).toBe(200)
      expect(answer.error).toBeUndefined()
      expect(answer.result).toMatchObject({
        content: [{ type: 'text', text: over(tool, LIMIT + 1) }],
        isError: true,
      })
      expect(answer.result?.structuredContent).toBeUndefined()
    },
  )

  it('measures a ToolContent result whole', async () => {
    const { result } = await mcpCall(served.production.url, era, 'content', { length: LIMIT })
    expect(result).toMatchObject({
      content: [
        {
          type: 'text',
          text: expect.stringMatching(
            /^The result of Sized_content is \d+ bytes, over limits.resultBytes \(1024\)$/,
          ),
        },
      ],
      isError: true,
    })
  })
})

describe.each(protocolEras)('MCP through the official client: $name', ({ mode }) => {
  it('reads the result at the limit, and an isError result one byte over', async () => {
    const client = await connectMcpClient(`${served.production.url}/mcp`, mode)
    try {
      const under = await client.callTool({ name: 'Sized_text', arguments: { length: 1013 } })
      expect(under.isError).toBeFalsy()
      expect((under.structuredContent as { text: string }).text).toHaveLength(LIMIT - FRAME)
      const overLimit = await client.callTool({ name: 'Sized_text', arguments: { length: 1014 } })
      expect(overLimit).toMatchObject({
        content: [{ type: 'text', text: over('text', LIMIT + 1) }],
        isError: true,
      })
    } finally {
      await client.close()
    }
  })
})

describe('MCP, a stateful 2025 session (the SDK server writes the answer)', () => {
  let plugin: Awaited<ReturnType<typeof copyPlugin>>
  let stateful: ServedPlugin
  beforeAll(async () => {
    plugin = await copyPlugin(fixtureDir('sized-plugin'))
    await writeFile(
      join(plugin.dir, 'portico.config.ts'),
      "export default { title: 'Sized', mcp: { sessions: 'stateful' }, limits: { resultBytes: 1024 } }\n",
    )
    stateful = await servePlugin(plugin.dir)
  })
  afterAll(async () => {
    await stateful?.close()
    await plugin?.remove()
  })

  it.each(mcpTools)(
    'answers $tool at the limit, and isError one byte over',
    async ({ tool, input }) => {
      const session = await rawMcp(stateful.url).open()
      const under = await session.request<McpToolResult>('tools/call', {
        name: `Sized_${tool}`,
        arguments: input(LIMIT),
      })
      expect(under.result?.isError).toBeUndefined()
      expect(JSON.parse(under.result?.content[0]?.text ?? '')).toEqual(
        under.result?.structuredContent,
      )
      const overLimit = await session.request<McpToolResult>('tools/call', {
        name: `Sized_${tool}`,
        arguments: input(LIMIT + 1),
      })
      expect(overLimit.status).toBe(200)
      expect(overLimit.error).toBeUndefined()
      expect(overLimit.result).toMatchObject({
        content: [{ type: 'text', text: over(tool, LIMIT + 1) }],
        isError: true,
      })
      await session.delete()
    },
  )
})
