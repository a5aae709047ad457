import { expect } from 'vitest'
import { type Answer, jsonRpcMessagesOf, send, utf8 } from './answer-checks.js'
import type { FixtureTool } from './hostile-fixture.js'
import { ENVELOPE } from './hostile-mcp.js'

/** The ways a tool's input arrives: REST on each edge, MCP on each wire and leg. */
export type Channel =
  | 'REST (Node edge)'
  | 'REST (Fetch handler)'
  | 'MCP 2025 (fast path)'
  | 'MCP 2025 (SDK)'
  | 'MCP 2025 (SSE)'
  | 'MCP 2026 (fast path)'
  | 'MCP 2026 (SDK)'

export const CHANNELS: readonly Channel[] = [
  'REST (Node edge)',
  'REST (Fetch handler)',
  'MCP 2025 (fast path)',
  'MCP 2025 (SDK)',
  'MCP 2025 (SSE)',
  'MCP 2026 (fast path)',
  'MCP 2026 (SDK)',
]

/** Where the channels are served: REST on the Node edge or the Fetch handler; MCP on the first. */
export interface ChannelUrls {
  edge: string
  fetchOnly: string
}

/** Calls a tool with the input text on a channel, as raw as the channel allows. */
export function callThrough(
  urls: ChannelUrls,
  channel: Channel,
  tool: FixtureTool,
  inputText: string,
): Promise<Answer> {
  if (channel.startsWith('REST')) {
    return send(channel === 'REST (Node edge)' ? urls.edge : urls.fetchOnly, {
      method: 'POST',
      path: tool.restPath,
      headers: { 'content-type': 'application/json' },
      body: utf8(inputText),
    })
  }
  const modern = channel.startsWith('MCP 2026')
  // An unknown member of the params is the SDK's to judge: the fast path leaves it alone.
  const extra = channel.endsWith('(SDK)') ? ',"extra":1' : ''
  const meta = modern ? `,"_meta":${JSON.stringify(ENVELOPE)}` : ''
  const params = `{"name":"${tool.name}","arguments":${inputText}${extra}${meta}}`
  return send(urls.edge, {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: channel.endsWith('(SSE)')
        ? 'text/event-stream'
        : 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25',
      ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': tool.name } : {}),
    },
    body: utf8(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":${params}}`),
  })
}

/** What a tool answered a call on a channel: REST's body, or MCP's structured content. */
export function resultOf(channel: Channel, answer: Answer): unknown {
  expect(answer.status, answer.text).toBe(200)
  if (channel.startsWith('REST')) return JSON.parse(answer.text)
  const [message] = jsonRpcMessagesOf(answer)
  expect(message?.result?.isError, answer.text).toBeUndefined()
  return message?.result?.structuredContent
}
