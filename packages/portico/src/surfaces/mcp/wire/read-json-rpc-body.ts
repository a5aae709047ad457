import { isPorticoError } from '../../../core/portico-error.js'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../../http/exceeds-json-depth.js'
import { problemKinds } from '../../../http/problem-response.js'
import { readBodyBytes } from '../../../http/read-body.js'
import { jsonRpcErrorResponse } from './json-rpc-error-response.js'

/** A body read once for the SDK, or the error answer that ends the request. */
export type JsonRpcBody = { parsed: unknown } | { rejected: Response } | { passThrough: true }

const utf8 = new TextDecoder()

/** `application/json` with any parameters: what the SDK's transports accept. */
const JSON_CONTENT_TYPE = /^\s*application\/json\s*(?:;|$)/i

/**
 * Reads and parses a POSTed JSON-RPC body once, so that neither era's SDK leg reads, clones or
 * parses it again (they take it as `parsedBody`); a body over the limit (413), cut off (400) or
 * nested too deep (400) ends the request. A body that is not JSON passes through untouched, for
 * the SDK to answer (415) in its own words.
 */
export async function readJsonRpcBody(request: Request, limitBytes: number): Promise<JsonRpcBody> {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    return { passThrough: true }
  }
  let bytes: Uint8Array
  try {
    bytes = await readBodyBytes(request, limitBytes)
  } catch (error) {
    // Over the limit (413), or cut off before its end (400).
    if (!isPorticoError(error)) throw error
    const { status } = problemKinds[error.kind]
    return { rejected: jsonRpcErrorResponse(status, -32600, error.message) }
  }
  const text = utf8.decode(bytes)
  if (exceedsJsonDepth(text)) {
    const message = `Invalid Request: the body nests deeper than ${MAX_JSON_DEPTH} levels`
    return { rejected: jsonRpcErrorResponse(400, -32600, message) }
  }
  try {
    return { parsed: JSON.parse(text) }
  } catch {
    return { rejected: jsonRpcErrorResponse(400, -32700, 'Parse error: Invalid JSON') }
  }
}
