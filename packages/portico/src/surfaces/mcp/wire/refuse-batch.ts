import { jsonRpcErrorResponse } from './json-rpc-error-response.js'
import { BATCH_PROTOCOL_VERSION, isLegacyVersion } from './protocol-versions.js'

/**
 * The refusal of a JSON-RPC batch in a 2025 revision that has none: 2025-03-26 added batches and
 * 2025-06-18 removed them. A request without a version header may be taken for 2025-03-26 (as
 * the transports let a server), and an unknown version is left to the transport, which refuses
 * it as such; `undefined` when the body may go on.
 */
export function refuseBatch(request: Request, parsedBody: unknown): Response | undefined {
  if (!Array.isArray(parsedBody)) return undefined
  const version = request.headers.get('mcp-protocol-version')
  if (version === null || version === BATCH_PROTOCOL_VERSION || !isLegacyVersion(version)) {
    return undefined
  }
  return jsonRpcErrorResponse(
    400,
    -32600,
    `Invalid Request: JSON-RPC batches are not part of protocol revision ${version}`,
  )
}
