import { authorizationHeaders, noteRefusedToken } from './access-token.js'

/**
 * One MCP request from the docs site, as a plain JSON-RPC POST. Portico's `/mcp` is stateless
 * in the initialize-based revisions: a request naming one in `MCP-Protocol-Version` is answered
 * on its own, with no `initialize` and no session. The answer comes as JSON, or as SSE when the
 * server chooses to stream; both are read.
 */

/** The revision the site speaks; Portico answers it without a prior `initialize`. */
const PROTOCOL_VERSION = '2025-11-25'

/** A JSON-RPC error object, or an HTTP refusal turned into one. */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** Thrown when the server answers with an error: its message is the server's. */
export class McpRequestError extends Error {
  readonly code: number
  /** The HTTP status; 401 and 403 mean the Authorize dialog needs a token. */
  readonly status: number

  constructor(error: JsonRpcErrorObject, status: number) {
    super(error.message)
    this.name = 'McpRequestError'
    this.code = error.code
    this.status = status
  }
}

interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: string | number | null
  result?: unknown
  error?: JsonRpcErrorObject
}

let nextId = 1

/**
 * Sends `method` with `params` to `endpoint` (`/mcp` by default), with the stored access
 * token, and resolves with the result; rejects with {@link McpRequestError} on an error answer.
 */
export async function callMcp<T>(
  method: string,
  params: Record<string, unknown>,
  endpoint = '/mcp',
): Promise<T> {
  const id = nextId++
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL_VERSION,
      ...authorizationHeaders(),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  })
  if (response.status === 401) noteRefusedToken()
  const text = await response.text()
  const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') ?? false
  const answer = isStream ? findInStream(text, id) : parseJson(text)
  if (isJsonRpcResponse(answer)) {
    if (answer.error) throw new McpRequestError(answer.error, response.status)
    if (response.ok) return answer.result as T
  }
  throw new McpRequestError(
    { code: response.status, message: refusalMessage(answer, response, endpoint) },
    response.status,
  )
}

/** The JSON-RPC response with `id` among the `data:` lines of an SSE body. */
function findInStream(text: string, id: number): unknown {
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n')
    const message = parseJson(data)
    if (isJsonRpcResponse(message) && message.id === id) return message
  }
  return undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isJsonRpcResponse(value: unknown): value is JsonRpcResponse {
  return typeof value === 'object' && value !== null && 'jsonrpc' in value && 'id' in value
}

/** The reason of a non-JSON-RPC refusal: OAuth's `error_description`, a problem's `detail`. */
function refusalMessage(body: unknown, response: Response, endpoint: string): string {
  if (typeof body === 'object' && body !== null) {
    for (const key of ['error_description', 'detail', 'title', 'message']) {
      const value = (body as Record<string, unknown>)[key]
      if (typeof value === 'string' && value !== '') return value
    }
  }
  return `${endpoint} answered ${response.status} ${response.statusText}`.trim()
}
