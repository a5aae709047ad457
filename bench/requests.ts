/**
 * The exact requests the bench runner sends, and the check that an answer carries the sum 3.
 * Every server under `bench/servers/` answers the subset that applies to it: the REST shape
 * (`bare-node`, Portico) or the MCP shapes (every MCP peer).
 */

/** One HTTP request, ready to send as is. */
export type BenchRequest = {
  readonly method: 'POST'
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** The names of the request shapes: legacy is the 2025-11-25 era, modern is 2026-07-28. */
export type BenchRequestName =
  | 'restAdd'
  | 'mcpLegacyCall'
  | 'mcpLegacyList'
  | 'mcpModernCall'
  | 'mcpModernList'

const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const

/** The headers of a 2025-era MCP request. */
const headers2025 = { ...mcpHeaders, 'mcp-protocol-version': '2025-11-25' } as const
/** The headers of a 2026-07-28 MCP request (add `mcp-method`, and `mcp-name` for a call). */
const headers2026 = { ...mcpHeaders, 'mcp-protocol-version': '2026-07-28' } as const

// 2026-07-28 puts the version, capabilities and client info into every request's `_meta`,
// since there is no initialize handshake to carry them.
const meta2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
} as const

const addArguments = { a: 1, b: 2 } as const

/** `POST /api/Calc/add` with `{"a":1,"b":2}`. */
export const restAdd: BenchRequest = {
  method: 'POST',
  path: '/api/Calc/add',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(addArguments),
}

/** A 2025-era stateless `tools/call` of `name` (no initialize, no session). */
export function legacyToolCall(name: string, args: Record<string, unknown>): BenchRequest {
  return {
    method: 'POST',
    path: '/mcp',
    headers: headers2025,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  }
}

/** A 2026-07-28 per-request `tools/call` of `name`, with the `Mcp-Method` and `Mcp-Name` headers. */
export function modernToolCall(name: string, args: Record<string, unknown>): BenchRequest {
  return {
    method: 'POST',
    path: '/mcp',
    headers: { ...headers2026, 'mcp-method': 'tools/call', 'mcp-name': name },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, _meta: meta2026 },
    }),
  }
}

/** A 2025-era stateless `tools/call`. */
export const mcpLegacyCall = legacyToolCall('Calc_add', addArguments)

/** A 2025-era stateless `tools/list`. */
export const mcpLegacyList: BenchRequest = {
  method: 'POST',
  path: '/mcp',
  headers: headers2025,
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
}

/** A 2026-07-28 per-request `tools/call`. */
export const mcpModernCall = modernToolCall('Calc_add', addArguments)

/** A 2026-07-28 per-request `tools/list`. */
export const mcpModernList: BenchRequest = {
  method: 'POST',
  path: '/mcp',
  headers: { ...headers2026, 'mcp-method': 'tools/list' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: meta2026 },
  }),
}

/** Every request shape by name. */
export const benchRequests: Readonly<Record<BenchRequestName, BenchRequest>> = {
  restAdd,
  mcpLegacyCall,
  mcpLegacyList,
  mcpModernCall,
  mcpModernList,
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function hasSumThree(value: unknown): boolean {
  return isRecord(value) && value.sum === 3
}

function isSumMessage(message: unknown): boolean {
  if (hasSumThree(message)) return true
  if (!isRecord(message) || !isRecord(message.result)) return false
  const { structuredContent, content } = message.result
  if (hasSumThree(structuredContent)) return true
  return (
    Array.isArray(content) &&
    content.some(
      (block) =>
        isRecord(block) &&
        block.type === 'text' &&
        typeof block.text === 'string' &&
        hasSumThree(parseJson(block.text)),
    )
  )
}

/**
 * Whether a response body carries the sum 3: the REST `{"sum":3}`, or a JSON-RPC result whose
 * `structuredContent.sum` is 3 or whose text content parses to `{"sum":3}`. Accepts a plain JSON
 * body or an SSE stream (each `data:` line is tried).
 */
export function checkSum(responseText: string): boolean {
  const trimmed = responseText.trim()
  if (trimmed.startsWith('{')) return isSumMessage(parseJson(trimmed))
  return trimmed
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .some((line) => isSumMessage(parseJson(line.slice('data:'.length).trim())))
}
