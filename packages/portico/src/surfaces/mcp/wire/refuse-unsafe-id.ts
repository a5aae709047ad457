import { jsonRpcErrorAnswer } from './json-rpc-error-response.js'
import type { McpAnswer } from './mcp-answer.js'

/**
 * What the refusal of {@link refuseUnsafeId} says: the limit, and what a client can send
 * instead.
 */
export const UNSAFE_ID_MESSAGE =
  'Invalid Request: a numeric id must be an integer within ±9007199254740991 ' +
  '(2^53 - 1, Number.MAX_SAFE_INTEGER), the largest a JSON number is read and echoed exactly; ' +
  'send a larger id as a string'

/**
 * The refusal (400, `-32600`, id `null`) of a message, or of a batch holding one, whose `id` is
 * an integer past ±(2^53 - 1). `JSON.parse` reads `9007199254740993` as `9007199254740992`, so
 * the answer would carry another request's id; the SDK's schema refuses such an id too, but
 * echoing the id it misread. Checked on the parsed value: any integer token past the limit
 * parses to a number past it (doubles are spaced 2 apart above 2^53), so the raw text need not
 * be scanned, and a request costs one `typeof`. `undefined` when the body may go on.
 */
export function refuseUnsafeId(body: unknown): McpAnswer | undefined {
  if (Array.isArray(body) ? body.some(hasUnsafeId) : hasUnsafeId(body)) {
    return jsonRpcErrorAnswer(400, -32600, UNSAFE_ID_MESSAGE)
  }
  return undefined
}

function hasUnsafeId(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false
  const { id } = message as { id?: unknown }
  return typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id)
}
