import {
  Client,
  type ElicitResult,
  type LoggingMessageNotificationParams,
  type Progress,
  StreamableHTTPClientTransport,
  type VersionNegotiationMode,
} from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { protocolEras } from '../support/mcp-client.js'
import { rawMcp } from '../support/raw-mcp.js'
import { serveContextPlugin } from '../support/serve-context-plugin.js'
import type { ServedPlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

let server: ServedPlugin
/** The same plugin with 2025 sessions (`mcp.sessions: 'stateful'`). */
let stateful: ServedPlugin
const plugins = useTempPlugins('context')

beforeAll(async () => {
  ;({ stateless: server, stateful } = await serveContextPlugin(plugins))
})
afterAll(() => Promise.all([server?.close(), stateful?.close()]))

/** The ways a client reaches the plugin: each era, and 2025 in a session. */
const connections = [
  ...protocolEras.map((era) => ({ ...era, session: false })),
  { name: '2025 (initialize, stateful session)', mode: 'legacy' as const, session: true },
]

/** What the test client was asked, in order. */
interface Asked {
  elicitations: string[]
  samplings: number
}

/** A client that declares elicitation and sampling, and answers them as a person and a model would. */
async function connectAnsweringClient(
  mode: VersionNegotiationMode,
  asked: Asked,
  url = server.url,
): Promise<Client> {
  const client = new Client(
    { name: 'portico-tests', version: '1.0.0' },
    { versionNegotiation: { mode }, capabilities: { elicitation: {}, sampling: {} } },
  )
  client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => {
    const { message } = request.params
    asked.elicitations.push(message)
    return message.includes('colour')
      ? { action: 'accept', content: { colour: 'blue' } }
      : { action: 'accept', content: { name: 'Alice' } }
  })
  client.setRequestHandler('sampling/createMessage', async () => {
    asked.samplings++
    return {
      role: 'assistant',
      content: { type: 'text', text: 'hi there' },
      model: 'test-model',
      stopReason: 'endTurn',
    }
  })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
  return client
}

/** The JSON a plain tool answered, from its structured content. */
function structured(result: unknown): unknown {
  return (result as { structuredContent?: unknown }).structuredContent
}

describe.each(connections)('the tool context in the $name era', ({ name, mode, session }) => {
  const modern = name.startsWith('2026')
  let client: Client
  const asked: Asked = { elicitations: [], samplings: 0 }
  beforeAll(async () => {
    client = await connectAnsweringClient(mode, asked, session ? stateful.url : server.url)
  })
  afterAll(() => client?.close())

  it('sends progress in order when the client asks for it, dropping values that go back', async () => {
    const seen: Progress[] = []
    const result = await client.callTool(
      { name: 'Talk_steps', arguments: { steps: 3 } },
      { onprogress: (progress) => seen.push(progress) },
    )
    expect(structured(result)).toEqual({ done: 3 })
    expect(seen).toEqual(
      [1, 2, 3].map((step) => ({ progress: step, total: 3, message: `Step ${step} of 3` })),
    )
  })

  it('sends log messages on the call, at the level the client set', async () => {
    const logs: LoggingMessageNotificationParams[] = []
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(notification.params)
    })
    // 2026-07-28 carries the level in each request's envelope; 2025 sets it once.
    const meta = { 'io.modelcontextprotocol/logLevel': 'warning' }
    if (!modern) await client.setLoggingLevel('warning')
    const result = await client.callTool({
      name: 'Talk_logs',
      arguments: {},
      ...(modern ? { _meta: meta } : {}),
    })
    expect(structured(result)).toEqual({ logged: 4 })
    // A stateless 2025 server forgets the level between requests: it sends every message.
    const levels = modern || session ? ['warning', 'error'] : ['debug', 'info', 'warning', 'error']
    expect(logs.map((log) => log.level)).toEqual(levels)
    expect(logs.at(-1)?.data).toEqual({ level: 'error', text: 'a error message' })
  })

  it(`${session ? 'closes the stream of a call, which the client resumes' : 'keeps the stream of a call that asks to close it'}, and gets what was sent meanwhile`, async () => {
    const seen: Progress[] = []
    const result = await client.callTool(
      { name: 'Talk_pollLater', arguments: {} },
      { onprogress: (progress) => seen.push(progress) },
    )
    // Only a session stores its events for the client to resume with Last-Event-ID (SEP-1699).
    expect(structured(result)).toEqual({ closed: session })
    expect(seen).toEqual([{ progress: 1, total: 1, message: 'Worked while the client was away' }])
  })

  // 2026-07-28 cancels by closing the call's stream, 2025 by `notifications/cancelled`, which a
  // stateless server matches by caller and request id (see mcp-legacy-cancellation.test.ts).
  it("aborts the method's signal when the client cancels the call", async () => {
    const controller = new AbortController()
    const call = client.callTool(
      { name: 'Talk_wait', arguments: {} },
      { signal: controller.signal },
    )
    setTimeout(() => controller.abort(new Error('changed my mind')), 300)
    await expect(call).rejects.toThrow()
    let last: unknown
    for (let attempt = 0; attempt < 40; attempt++) {
      last = structured(await client.callTool({ name: 'Talk_lastAbort', arguments: {} }))
      if ((last as { aborted: boolean }).aborted) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(last).toMatchObject({ aborted: true })
    expect((last as { reason: string }).reason).not.toMatch(/did not finish within/)
  })

  it('asks the user through elicitation and goes on with the answer', async () => {
    asked.elicitations.length = 0
    const result = await client.callTool({ name: 'Talk_greet', arguments: {} })
    expect(structured(result)).toMatchObject({ greeting: 'Hello, Alice!' })
    expect(asked.elicitations).toEqual(['What is your name?'])
  })

  it("asks the client's model through sampling", async () => {
    const result = await client.callTool({ name: 'Talk_summarize', arguments: { text: 'long' } })
    expect(structured(result)).toEqual({ summary: 'hi there', model: 'test-model' })
  })

  it('asks several things at once, then more, and gets to the end', async () => {
    asked.elicitations.length = 0
    const result = await client.callTool({ name: 'Talk_survey', arguments: {} })
    expect(structured(result)).toEqual({ text: 'Alice likes blue and says hi there' })
    expect(asked.elicitations).toEqual(['Name?', 'Favourite colour?'])
  })
})

/** What a 2026-07-28 `tools/call` may answer. */
interface RoundResult {
  resultType?: string
  requestState?: string
  [key: string]: unknown
}

describe('input rounds on the 2026-07-28 wire', () => {
  const capabilities = { elicitation: {}, sampling: {} }
  /** A 2026-07-28 `tools/call`, with extra params beside name and arguments. */
  function callModern(
    name: string,
    extra: Record<string, unknown> = {},
    declared: Record<string, unknown> = capabilities,
  ) {
    const params = { name, arguments: {}, ...extra }
    return rawMcp(server.url, { era: '2026' }).request<RoundResult>('tools/call', params, {
      capabilities: declared,
      id: 7,
    })
  }

  it('answers input_required with the ask and a signed state, then completes with the answer', async () => {
    const first = await callModern('Talk_greet')
    expect(first.status).toBe(200)
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        'elicit-0': { method: 'elicitation/create', params: { message: 'What is your name?' } },
      },
    })
    const requestState = first.result?.requestState
    expect(requestState).toMatch(/^v1\./)
    const second = await callModern('Talk_greet', {
      requestState,
      inputResponses: { 'elicit-0': { action: 'accept', content: { name: 'Bea' } } },
    })
    expect(second.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { greeting: 'Hello, Bea!' },
    })
  })

  it('refuses a tampered or foreign state with -32602', async () => {
    const first = await callModern('Talk_greet')
    const tampered = await callModern('Talk_greet', {
      requestState: `${first.result?.requestState}-TAMPERED`,
      inputResponses: { 'elicit-0': { action: 'accept', content: { name: 'Eve' } } },
    })
    expect(tampered.error).toMatchObject({ code: -32602 })
    expect(tampered.error?.message).toMatch(/requestState/)
    const foreign = await callModern('Talk_survey', {
      requestState: first.result?.requestState,
    })
    expect(foreign.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/another call/),
    })
  })

  it('refuses malformed answers with -32602 rather than running the tool on them', async () => {
    for (const inputResponses of [null, 12, { 'elicit-0': 12345 }, { 'elicit-0': [] }]) {
      const answer = await callModern('Talk_greet', { inputResponses })
      expect(answer.error, JSON.stringify(inputResponses)).toMatchObject({ code: -32602 })
    }
  })

  it('answers -32021 with HTTP 400 when a method asks what the client did not declare', async () => {
    const answer = await callModern(
      'Talk_summarize',
      { arguments: { text: 'x' } },
      { elicitation: {} },
    )
    expect(answer.status).toBe(400)
    expect(answer.error).toEqual({
      code: -32021,
      message: 'Missing required client capability: sampling',
      data: { requiredCapabilities: { sampling: {} } },
    })
  })

  it('fails an elicitation over REST with a message that says why, as a 400', async () => {
    const response = await fetch(`${server.url}/api/Talk/greet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      detail: expect.stringMatching(/ctx\.elicit.*REST call cannot answer/),
    })
  })
})

describe('a prompt missing required arguments', () => {
  it('asks the user for them in 2026-07-28, then renders the prompt with the answer', async () => {
    const asked: Asked = { elicitations: [], samplings: 0 }
    const client = await connectAnsweringClient({ pin: '2026-07-28' }, asked)
    try {
      client.setRequestHandler('elicitation/create', async (request): Promise<ElicitResult> => {
        asked.elicitations.push(request.params.message)
        return { action: 'accept', content: { topic: 'tides' } }
      })
      const result = await client.getPrompt({ name: 'brief', arguments: { reader: 'Ann' } })
      expect(asked.elicitations).toEqual(['Brief needs topic'])
      expect(result.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Write a brief about tides for Ann.' } },
      ])
    } finally {
      await client.close()
    }
  })

  it('refuses them with -32602 in the 2025 revisions', async () => {
    const asked: Asked = { elicitations: [], samplings: 0 }
    const client = await connectAnsweringClient('legacy', asked)
    try {
      await expect(client.getPrompt({ name: 'brief', arguments: {} })).rejects.toThrow(
        /argument "topic" is required/,
      )
      expect(asked.elicitations).toEqual([])
    } finally {
      await client.close()
    }
  })
})

describe('parameter headers (SEP-2243) on the 2026-07-28 wire', () => {
  /** A 2026-07-28 `Talk_echo` call of `word`, with `headers` over the wire's own. */
  function echo(word: string, headers: Record<string, string>) {
    const params = { name: 'Talk_echo', arguments: { word } }
    return rawMcp(server.url, { era: '2026' }).request('tools/call', params, { headers, id: 3 })
  }

  it('lists the property with its x-mcp-header', async () => {
    const tools = (await (await fetch(`${server.url}/mcp/tools.json`)).json()) as {
      tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[]
    }
    const echoTool = tools.tools.find((tool) => tool.name === 'Talk_echo')
    expect(echoTool?.inputSchema.properties.word).toMatchObject({ 'x-mcp-header': 'Word' })
  })

  it('answers a call whose header agrees, plain or base64', async () => {
    for (const header of ['Hello', '=?base64?SGVsbG8=?=']) {
      const response = await echo('Hello', { 'mcp-param-word': header })
      expect(response.status, header).toBe(200)
      expect(response).toMatchObject({
        result: { structuredContent: { word: 'Hello' } },
      })
    }
  })

  it('refuses a missing, mismatched or badly encoded header with 400 and -32020', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'mcp-param-word': 'Bye' },
      { 'mcp-param-word': '=?base64?SGVsbG8?=' },
    ]
    for (const extra of refused) {
      const response = await echo('Hello', extra)
      expect(response.status, JSON.stringify(extra)).toBe(400)
      expect(response).toMatchObject({ id: 3, error: { code: -32020 } })
    }
  })
})
