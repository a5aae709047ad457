import { isPorticoError } from '../../core/portico-error.js'
import { readBodyBytes } from '../../http/read-body.js'
import { jsonRpcErrorResponse } from './json-rpc-error.js'

/** A body read once for the SDK, or the error answer that ends the request. */
export type JsonRpcBody = { parsed: unknown } | { rejected: Response } | { passThrough: true }

const utf8 = new TextDecoder()

/** `application/json` with any parameters: what the SDK's transports accept. */
const JSON_CONTENT_TYPE = /^\s*application\/json\s*(?:;|$)/i

/**
 * Reads and parses a POSTed JSON-RPC body once, so that neither era's SDK leg reads, clones or
 * parses it again (they take it as `parsedBody`). A body that is not JSON passes through
 * untouched, for the SDK to answer (415) in its own words.
 */
export async function readJsonRpcBody(request: Request, limitBytes: number): Promise<JsonRpcBody> {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) {
    return { passThrough: true }
  }
  let bytes: Uint8Array
  try {
    bytes = await readBodyBytes(request, limitBytes)
  } catch (error) {
    if (isPorticoError(error)) return { rejected: jsonRpcErrorResponse(413, -32600, error.message) }
    throw error
  }
  try {
    return { parsed: JSON.parse(utf8.decode(bytes)) }
  } catch {
    return { rejected: jsonRpcErrorResponse(400, -32700, 'Parse error: Invalid JSON') }
  }
}
