import { isPorticoError } from '../../../core/portico-error.js'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../../http/exceeds-json-depth.js'
import { encodedBodyMessage, isEncodedBody } from '../../../http/is-encoded-body.js'
import { parseStrictJson, UnsafeJsonError } from '../../../http/parse-strict-json.js'
import { problemKinds } from '../../../http/problem-response.js'
import { jsonRpcErrorAnswer } from './json-rpc-error-response.js'
import type { McpAnswer } from './mcp-answer.js'
import { refuseUnsafeId } from './refuse-unsafe-id.js'

/** A body read once for the SDK, or the error answer that ends the request. */
export type JsonRpcBody = { parsed: unknown } | { rejected: McpAnswer } | { passThrough: true }

/** What {@link readJsonRpcBody} needs of a request, on any edge. */
export interface JsonRpcBodySource {
  contentType: string | null
  contentEncoding: string | null
  /**
   * The body's bytes within `limitBytes`; a `PorticoError` when over it (413), cut off (400) or
   * too slow (408).
   */
  read(limitBytes: number): Promise<Uint8Array>
}

const utf8 = new TextDecoder()

/** `application/json` with any parameters: what the SDK's transports accept. */
const JSON_CONTENT_TYPE = /^\s*application\/json\s*(?:;|$)/i

/**
 * Reads and parses a POSTed JSON-RPC body once, so that neither era's SDK leg reads, clones or
 * parses it again (they take it as `parsedBody`); an encoded body (415: no coding is decoded),
 * one over the limit (413), cut off (400), nested too deep (400) or holding what no input may
 * (400: a `__proto__`, `constructor` or `prototype` key, a number past a double) or an integer
 * id that a double cannot hold exactly (400, `refuseUnsafeId`) ends the
 * request. A body that is not JSON passes through untouched, for the SDK to answer (415) in its
 * own words. The source bounds the time a body may take (see `readBodyBytes`).
 */
export function readJsonRpcBody(
  source: JsonRpcBodySource,
  limitBytes: number,
): Promise<JsonRpcBody> {
  const { contentEncoding } = source
  if (contentEncoding && isEncodedBody(contentEncoding)) {
    return Promise.resolve({
      rejected: jsonRpcErrorAnswer(415, -32600, encodedBodyMessage(contentEncoding)),
    })
  }
  if (!JSON_CONTENT_TYPE.test(source.contentType ?? '')) {
    return Promise.resolve({ passThrough: true })
  }
  // A `then`, not an async function: this runs on every MCP request, and an async function's
  // own promise and resumption cost it two more turns of the microtask queue.
  return source.read(limitBytes).then(parseJsonRpcBytes, refuseUnread)
}

/** Over the limit (413), cut off before its end (400), or too slow (408). */
function refuseUnread(error: unknown): JsonRpcBody {
  if (!isPorticoError(error)) throw error
  const { status } = problemKinds[error.kind]
  return { rejected: jsonRpcErrorAnswer(status, -32600, error.message) }
}

function parseJsonRpcBytes(bytes: Uint8Array): JsonRpcBody {
  const text = utf8.decode(bytes)
  if (exceedsJsonDepth(text)) {
    const message = `Invalid Request: the body nests deeper than ${MAX_JSON_DEPTH} levels`
    return { rejected: jsonRpcErrorAnswer(400, -32600, message) }
  }
  let parsed: unknown
  try {
    parsed = parseStrictJson(text)
  } catch (error) {
    if (error instanceof UnsafeJsonError) {
      return { rejected: jsonRpcErrorAnswer(400, -32600, `Invalid Request: ${error.message}`) }
    }
    return { rejected: jsonRpcErrorAnswer(400, -32700, 'Parse error: Invalid JSON') }
  }
  const unsafeId = refuseUnsafeId(parsed)
  return unsafeId ? { rejected: unsafeId } : { parsed }
}
