import {
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  McpServer,
  type Transport,
} from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { translateSdkAnswer } from './adapt-sdk-answers.js'

const failure = (code: number, message: string, data?: unknown): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id: 7,
  error: { code, message, ...(data === undefined ? {} : { data }) },
})
const issues = (path: (string | number)[], message = 'Invalid input') =>
  JSON.stringify([{ code: 'invalid_type', path, message }], null, 2)

describe('translateSdkAnswer', () => {
  it('words a -32603 of raw issues as -32602 with JSON Pointers into params', () => {
    expect(
      translateSdkAnswer(failure(-32603, issues(['params', 'a/b', 'c~d', 0])), 'legacy'),
    ).toEqual(failure(-32602, 'Invalid params: /a~1b/c~0d/0: Invalid input'))
    expect(translateSdkAnswer(failure(-32603, issues(['params'])), 'modern')).toEqual(
      failure(-32602, 'Invalid params: /: Invalid input'),
    )
  })

  it('keeps an internal error that is no list of issues', () => {
    for (const message of ['Internal error', '[not json', '[]', '[{"message":"no path"}]'])
      expect(translateSdkAnswer(failure(-32603, message), 'legacy')).toEqual(
        failure(-32603, message),
      )
  })

  it('makes the issues of a refused tools/call readable, keeping its words', () => {
    const refused = failure(-32602, `Invalid tools/call request: ${issues(['params', 'name'])}`)
    expect(translateSdkAnswer(refused, 'modern')).toEqual(
      failure(-32602, 'Invalid tools/call request: /name: Invalid input'),
    )
  })

  it('answers resource-not-found -32002 in the 2025 revisions only', () => {
    const notFound = failure(-32602, 'Resource not found: x:/y', { uri: 'x:/y' })
    expect(translateSdkAnswer(notFound, 'legacy')).toEqual(
      failure(-32002, 'Resource not found: x:/y', { uri: 'x:/y' }),
    )
    expect(translateSdkAnswer(notFound, 'modern')).toEqual(notFound)
    const invalid = failure(-32602, 'Resource URI x is invalid', {
      uri: 'x',
      reason: 'invalid_uri',
    })
    expect(translateSdkAnswer(invalid, 'legacy')).toEqual(invalid)
  })
})

/**
 * What the SDK itself answers to one request of each kind the rewrites above parse, in a 2025
 * exchange on a bare `McpServer`: should the SDK reword one (its refusals' prefix, the raw
 * issues, the not-found data), these fail, where the tests above would go on passing.
 */
async function sdkAnswers(requests: Record<string, unknown>[]): Promise<JSONRPCMessage[]> {
  const sent: JSONRPCMessage[] = []
  const transport: Transport = {
    start: async () => {},
    close: async () => {},
    send: async (message) => {
      sent.push(message)
    },
  }
  const mcp = new McpServer(
    { name: 'wording', version: '1' },
    { capabilities: { tools: {}, prompts: {}, resources: {} } },
  )
  mcp.server.setRequestHandler('tools/call', () => ({ content: [] }))
  mcp.server.setRequestHandler('prompts/get', () => ({ messages: [] }))
  mcp.registerResource('known', 'x:/known', {}, () => ({ contents: [] }))
  await mcp.connect(transport)
  const feed = (message: Record<string, unknown>) =>
    transport.onmessage?.({ jsonrpc: '2.0', ...message } as JSONRPCMessage)
  feed({
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    },
  })
  feed({ method: 'notifications/initialized' })
  requests.forEach((request, index) => {
    feed({ id: index + 1, ...request })
  })
  const answered = () => sent.filter((message) => 'id' in message && message.id !== 0)
  for (let waited = 0; answered().length < requests.length && waited < 5_000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10))
  await mcp.close()
  return answered().sort(
    (a, b) => Number((a as { id: number }).id) - Number((b as { id: number }).id),
  )
}

describe('translateSdkAnswer, on what the SDK really answers', () => {
  it('reads the issues of a tools/call and of a prompts/get the SDK refuses', async () => {
    const [call, prompt] = await sdkAnswers([
      { method: 'tools/call', params: { name: 5 } },
      { method: 'prompts/get', params: { name: 5 } },
    ])
    const callError = (translateSdkAnswer(call as JSONRPCMessage, 'legacy') as JSONRPCErrorResponse)
      .error
    expect(callError.code).toBe(-32602)
    expect(callError.message).toMatch(/^Invalid tools\/call request: \/name: \S/)
    const promptError = (
      translateSdkAnswer(prompt as JSONRPCMessage, 'legacy') as JSONRPCErrorResponse
    ).error
    expect(promptError.code).toBe(-32602)
    expect(promptError.message).toMatch(/^Invalid params: \/name: \S/)
  })

  it('knows the SDK’s resource-not-found answer, and makes it -32002 in the 2025 revisions', async () => {
    const [notFound] = await sdkAnswers([
      { method: 'resources/read', params: { uri: 'x:/nothing' } },
    ])
    expect(translateSdkAnswer(notFound as JSONRPCMessage, 'legacy')).toMatchObject({
      error: { code: -32002, data: { uri: 'x:/nothing' } },
    })
    expect(translateSdkAnswer(notFound as JSONRPCMessage, 'modern')).toEqual(notFound)
  })
})
