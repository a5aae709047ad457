import { META_RELATED_TASK } from './protocol-versions.js'

/** The members of a JSON-RPC request. */
const REQUEST_MEMBERS = new Set(['jsonrpc', 'id', 'method', 'params'])

/** A JSON-RPC request as {@link isPlainRequest} admits it. */
export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: string | number
  method: string
  params?: Record<string, unknown>
}

/**
 * A request as the SDK's `JSONRPCRequestSchema` has it: exactly `jsonrpc`, `id` (a string or an
 * integer), `method` and optional object `params`, whose optional `_meta` is an object with a
 * valid `progressToken` and related task when they are there. Anything else (a message that
 * also carries `result`, say) is for the SDK to refuse. Written out so that the hot path need
 * not load the SDK; a test holds it to the SDK's `isJSONRPCRequest`.
 */
export function isPlainRequest(body: unknown): body is JsonRpcRequest {
  if (!isJsonObject(body) || hasOtherKey(body, REQUEST_MEMBERS)) return false
  const { jsonrpc, id, method, params } = body
  return (
    jsonrpc === '2.0' &&
    isRequestId(id) &&
    typeof method === 'string' &&
    isPlainObjectOrAbsent(params) &&
    isRequestMetaOrAbsent(params?._meta)
  )
}

function isRequestMetaOrAbsent(meta: unknown): boolean {
  if (meta === undefined) return true
  if (!isJsonObject(meta)) return false
  const { progressToken } = meta
  const task = meta[META_RELATED_TASK]
  return (
    (progressToken === undefined || isRequestId(progressToken)) &&
    (task === undefined || (isJsonObject(task) && typeof task.taskId === 'string'))
  )
}

/** A string or a safe integer (as zod's `int()`): a request id, and a progress token. */
function isRequestId(value: unknown): value is string | number {
  return typeof value === 'string' || Number.isSafeInteger(value)
}

/** A JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A JSON object, or nothing. */
export function isPlainObjectOrAbsent(
  value: unknown,
): value is Record<string, unknown> | undefined {
  return value === undefined || isJsonObject(value)
}

/** Whether `value` has a member outside `known`: a loop, where a rest pattern would copy it. */
export function hasOtherKey(value: object, known: ReadonlySet<string>): boolean {
  for (const key in value) if (!known.has(key)) return true
  return false
}
