import { expect } from 'vitest'
import {
  type Answer,
  expectJsonRpcRefusal,
  expectProblem,
  jsonRpcMessagesOf,
  type SentRequest,
} from './answer-checks.js'
import {
  expectedAnswer,
  FIXTURE_TOOLS,
  type FixtureTool,
  isObject,
  MCP_SERVERS,
  toolNamed,
} from './hostile-fixture.js'
import type { McpCase } from './hostile-mcp.js'

/** A JSON-RPC request as the SDK's schema has it: only these may get a result. */
interface ProperRequest {
  jsonrpc: '2.0'
  id: string | number
  method: string
  params?: { name?: unknown; arguments?: unknown }
}

function isProperRequest(message: unknown): message is ProperRequest {
  if (!isObject(message)) return false
  const { jsonrpc, id, method } = message
  const validId = typeof id === 'string' || Number.isInteger(id)
  return jsonrpc === '2.0' && validId && typeof method === 'string'
}

/** The messages of a body as the MCP endpoints parse it (UTF-8 read leniently, as the SDK does). */
function sentMessages(body: Uint8Array): unknown[] {
  try {
    return [JSON.parse(new TextDecoder().decode(body))].flat()
  } catch {
    return []
  }
}

/**
 * The arguments as a tool may have seen them: as sent, or without an own `__proto__` member,
 * which the SDK's schema parser drops (the fast path keeps it).
 */
function argumentsSeen(input: unknown): Record<string, unknown>[] {
  if (!isObject(input)) return []
  if (!Object.hasOwn(input, '__proto__')) return [input]
  const entries = Object.entries(input).filter(([key]) => key !== '__proto__')
  return [input, Object.fromEntries(entries)]
}

/**
 * What an MCP endpoint must answer: a problem document 404 at a server that does not exist;
 * else a JSON-RPC error with a 4xx (what the transport refuses), a 202 with no body (only
 * notifications and responses were sent), or a 200 of JSON-RPC responses, in which a result
 * answers a well-formed request only, and a tool's success only input its schema takes.
 */
export function expectMcpAnswer(call: McpCase, answer: Answer): string {
  expect(answer.status, answer.text).toBeLessThan(500)
  const server = call.endpoint.slice('/mcp/'.length)
  if (call.endpoint !== '/mcp' && !MCP_SERVERS.includes(server)) {
    expectProblem(answer, 404)
    return '404 (no such server)'
  }
  if (call.httpMethod !== 'POST') {
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST, OPTIONS')
    expectJsonRpcRefusal(answer)
    return '405'
  }
  if (answer.status === 202) {
    expect(answer.text).toBe('')
    expect(sentMessages(call.body).filter(isProperRequest)).toEqual([])
    return '202'
  }
  if (answer.status !== 200) {
    expectJsonRpcRefusal(answer)
    return String(answer.status)
  }
  const requests = sentMessages(call.body).filter(isProperRequest)
  let results = 0
  for (const message of jsonRpcMessagesOf(answer)) {
    if (message.result === undefined) continue
    results += 1
    const request = requests.find(
      (candidate) => JSON.stringify(candidate.id) === JSON.stringify(message.id),
    )
    expect(request, `a result answers no well-formed request: ${answer.text}`).toBeDefined()
    if (request?.method === 'tools/call' && message.result.isError !== true) {
      const { name, arguments: input = {} } = request.params ?? {}
      const tool = FIXTURE_TOOLS.find((candidate) => candidate.name === name)
      expect(tool?.servers, answer.text).toContain(server)
      const taken = argumentsSeen(input).filter((seen) => tool?.accepts(seen))
      expect(taken, `a success for input the tool refuses: ${answer.text}`).not.toEqual([])
      const answers = taken.map((seen) => expectedAnswer(tool as FixtureTool, seen))
      expect(answers).toContainEqual(message.result.structuredContent)
    }
  }
  return results > 0 ? '200 result' : '200 error'
}

/** A valid call's answer: 200 and its one result, a tool's success for a tool call. */
export function expectValidMcpAnswer(call: McpCase, answer: Answer): string {
  expect(answer.status, answer.text).toBe(200)
  const [message, ...others] = jsonRpcMessagesOf(answer)
  expect(others).toEqual([])
  const [request] = sentMessages(call.body) as ProperRequest[]
  expect(message?.id).toEqual(request?.id)
  expect(message?.result, answer.text).toBeDefined()
  if (request?.method !== 'tools/call') return '200 list'
  expect(message?.result?.isError, answer.text).toBeUndefined()
  const { name, arguments: input } = request.params ?? {}
  const expected = expectedAnswer(toolNamed(String(name)), input as Record<string, unknown>)
  expect(message?.result?.structuredContent).toEqual(expected)
  return '200 call'
}

export function mcpRequest(call: McpCase): SentRequest {
  const bodyless = call.httpMethod === 'GET'
  return {
    method: call.httpMethod,
    path: call.endpoint,
    headers: call.headers,
    ...(bodyless ? {} : { body: call.body }),
  }
}
