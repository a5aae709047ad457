/** The two wires a raw MCP request can take: the 2025 revisions, or 2026-07-28. */
export type McpWire = '2025' | '2026'

/** A JSON-RPC answer over HTTP, with its status; `R` types the result the test reads. */
export interface McpRpcAnswer<R = Record<string, unknown>> {
  status: number
  id?: string | number | null
  result?: R
  error?: { code: number; message: string; data?: unknown }
}

/** Options of {@link mcpRpc}. */
export interface McpRpcOptions {
  /** The MCP endpoint's path; default `/mcp`. */
  endpoint?: string
  /** What the 2026-07-28 envelope declares the client can answer; default none. */
  capabilities?: Record<string, unknown>
  /** Headers over the wire's own (`Mcp-Param-*`, a wrong `Accept`, ...). */
  headers?: Record<string, string>
  id?: number
}

/**
 * POSTs one JSON-RPC request as raw HTTP, with the headers each wire's clients send: 2026-07-28
 * adds `Mcp-Method`, `Mcp-Name` (the tool or prompt name, or the resource URI) and the `_meta`
 * envelope, merged under the request's own `_meta`. For the wire codes and fields an SDK
 * client does not show as they are.
 */
export async function mcpRpc<R = Record<string, unknown>>(
  url: string,
  wire: McpWire,
  method: string,
  params: Record<string, unknown> = {},
  options: McpRpcOptions = {},
): Promise<McpRpcAnswer<R>> {
  const modern = wire === '2026'
  const name = typeof params.name === 'string' ? params.name : params.uri
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  }
  const ownMeta = (params._meta as Record<string, unknown> | undefined) ?? {}
  const response = await fetch(`${url}${options.endpoint ?? '/mcp'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25',
      ...(modern ? { 'mcp-method': method } : {}),
      ...(modern && typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...options.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: options.id ?? 1,
      method,
      params: modern ? { ...params, _meta: { ...envelope, ...ownMeta } } : params,
    }),
  })
  const body = (await response.json()) as Omit<McpRpcAnswer<R>, 'status'>
  return { status: response.status, ...body }
}
