import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveContextPlugin } from '../support/serve-context-plugin.js'
import type { ServedPlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

let stateless: ServedPlugin
/** The same plugin with 2025 sessions (`mcp.sessions: 'stateful'`). */
let stateful: ServedPlugin
const plugins = useTempPlugins('declared')

beforeAll(async () => {
  ;({ stateless, stateful } = await serveContextPlugin(plugins))
})
afterAll(() => Promise.all([stateless?.close(), stateful?.close()]))

/** What each tool asks, and the capability that asking needs. */
const asks = [
  { tool: 'Talk_greet', args: {}, capability: 'elicitation', method: 'elicitation/create' },
  {
    tool: 'Talk_summarize',
    args: { text: 'x' },
    capability: 'sampling',
    method: 'sampling/createMessage',
  },
  { tool: 'Talk_roots', args: {}, capability: 'roots', method: 'roots/list' },
] as const

const connections = [
  { name: '2025 stateless', mode: 'legacy' as const, session: false },
  { name: '2025 session', mode: 'legacy' as const, session: true },
  { name: '2026-07-28', mode: { pin: '2026-07-28' } as const, session: false },
]

describe.each(connections)('a $name client that declares no capabilities', ({ mode, session }) => {
  let client: Client
  /** What the server sent the client, as it came (a session's GET stream never ends). */
  const sent: string[] = []
  beforeAll(async () => {
    // The official client refuses a handler of a capability it did not declare: what it would
    // have been sent is read off the wire.
    client = new Client(
      { name: 'portico-tests', version: '1.0.0' },
      { versionNegotiation: { mode }, capabilities: {} },
    )
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      const copy = response.clone().body
      if (copy) void readInto(copy, sent)
      return response
    }
    const url = session ? stateful.url : stateless.url
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { fetch: watching }),
    )
  })
  afterAll(() => client?.close())

  it.each(asks)('fails $tool with -32021 and never sends it $method', async (ask) => {
    await expect(client.callTool({ name: ask.tool, arguments: ask.args })).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining(`Missing required client capability: ${ask.capability}`),
    })
    expect(sent.join('')).not.toContain(`"method":"${ask.method}"`)
  })
})

/** Appends what `body` brings to `into`, chunk by chunk, until it ends or fails. */
async function readInto(body: ReadableStream<Uint8Array>, into: string[]): Promise<void> {
  const decoder = new TextDecoder()
  try {
    for await (const chunk of body) into.push(decoder.decode(chunk, { stream: true }))
  } catch {
    // The client closed the stream.
  }
}

describe('anonymous 2025 stateless clients of different software', () => {
  /** A client named by its User-Agent, declaring elicitation or nothing. */
  async function connect(userAgent: string, elicits: boolean): Promise<Client> {
    const client = new Client(
      { name: userAgent, version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' }, capabilities: elicits ? { elicitation: {} } : {} },
    )
    if (elicits) {
      client.setRequestHandler('elicitation/create', async () => ({
        action: 'accept' as const,
        content: { name: 'Ada' },
      }))
    }
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stateless.url}/mcp`), {
        requestInit: { headers: { 'user-agent': userAgent } },
      }),
    )
    return client
  }

  it('keep what each declared, whichever initialized last', async () => {
    const asking = await connect('asking-client/1.0', true)
    // Initialized after the first: in mode anon it must not speak for it.
    const silent = await connect('silent-client/1.0', false)
    try {
      const answer = await asking.callTool({ name: 'Talk_greet', arguments: {} })
      expect(answer.isError).not.toBe(true)
      expect(JSON.stringify(answer.structuredContent)).toContain('Ada')
      await expect(silent.callTool({ name: 'Talk_greet', arguments: {} })).rejects.toMatchObject({
        code: -32021,
      })
    } finally {
      await Promise.all([asking.close(), silent.close()])
    }
  })
})
