import type { JSONRPCErrorResponse, JSONRPCMessage, Transport } from '@modelcontextprotocol/server'
import type { McpEra } from '../wire/protocol-versions.js'

type JsonRpcError = JSONRPCErrorResponse['error']

const RESOURCE_NOT_FOUND = -32002
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603
/** How the SDK words a `tools/call` its schema refuses: `Invalid tools/call request: [issues]`. */
const SDK_REQUEST_ISSUES = /^(Invalid [\w/]+ request): (\[[\s\S]*\])$/

/**
 * Puts Portico's edge between the SDK and the transport of one exchange, in either era: every
 * message the SDK sends passes through {@link translateSdkAnswer}. Called before the server
 * connects.
 */
export function adaptSdkAnswers(transport: Transport, era: McpEra): void {
  const send = transport.send.bind(transport)
  transport.send = (message, options) => send(translateSdkAnswer(message, era), options)
}

/**
 * One answer of the SDK as Portico's MCP surface gives it:
 * - a request the SDK's schemas refuse, which it answers -32603 with the issues as raw JSON
 *   (`Protocol.setRequestHandler`, every method but `tools/call`), is -32602 with each issue as
 *   `<JSON Pointer into params>: <message>`; the raw issues behind a -32602 become readable too;
 * - in the initialize-based revisions, a resource not found is -32002, as they define it (the
 *   SDK answers -32602 in every revision, the 2026-07-28 code); the SDK's own client reads
 *   either code with `data: { uri }` as not found.
 */
export function translateSdkAnswer(message: JSONRPCMessage, era: McpEra): JSONRPCMessage {
  if (!('error' in message)) return message
  const readable = readableRefusal(message.error)
  if (readable !== undefined) return { ...message, error: readable }
  if (era === 'legacy' && isResourceNotFound(message.error)) {
    return { ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND } }
  }
  return message
}

/** A refusal by the SDK's request schemas with its issues made readable, else `undefined`. */
function readableRefusal(error: JsonRpcError): JsonRpcError | undefined {
  if (error.code === INTERNAL_ERROR && error.message.startsWith('[')) {
    const issues = readableIssues(error.message)
    return issues === undefined
      ? undefined
      : { code: INVALID_PARAMS, message: `Invalid params: ${issues}` }
  }
  if (error.code !== INVALID_PARAMS) return undefined
  const [, label, json] = SDK_REQUEST_ISSUES.exec(error.message) ?? []
  const issues = json === undefined ? undefined : readableIssues(json)
  return issues === undefined ? undefined : { ...error, message: `${label}: ${issues}` }
}

/** Zod issues written as JSON (`[{ path, message, … }]`), as `/a/b: message; …`; else `undefined`. */
function readableIssues(json: string): string | undefined {
  let issues: unknown
  try {
    issues = JSON.parse(json)
  } catch {
    return undefined
  }
  if (!Array.isArray(issues) || issues.length === 0 || !issues.every(isIssue)) return undefined
  return issues.map((issue) => `${pointerInParams(issue.path)}: ${issue.message}`).join('; ')
}

function isIssue(value: unknown): value is { path: (string | number)[]; message: string } {
  if (typeof value !== 'object' || value === null) return false
  const { path, message } = value as Record<string, unknown>
  return Array.isArray(path) && typeof message === 'string'
}

/** The JSON Pointer of a request's path, from `params` down (RFC 6901 escapes). */
function pointerInParams(path: (string | number)[]): string {
  const inParams = path[0] === 'params' ? path.slice(1) : path
  if (inParams.length === 0) return '/'
  return inParams
    .map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('')
}

/**
 * The SDK's `ResourceNotFoundError`: -32602 whose data is only the URI (the SDK client's own
 * test; an invalid URI has a `reason` beside it).
 */
function isResourceNotFound({ code, data }: JsonRpcError): boolean {
  if (code !== INVALID_PARAMS || typeof data !== 'object' || data === null) return false
  const keys = Object.keys(data)
  return keys.length === 1 && typeof (data as { uri?: unknown }).uri === 'string'
}
