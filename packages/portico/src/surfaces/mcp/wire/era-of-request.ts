import { isJsonObject, type JsonRpcRequest } from './is-plain-request.js'
import type { HeaderOf } from './mcp-leg.js'
import {
  isLegacyVersion,
  type McpEra,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSION,
} from './protocol-versions.js'

/**
 * The era of a plain request, as the hot path judges it without the SDK: `legacy` for a
 * 2025-era request (no envelope, and no version header or a 2025 one); `modern` for a
 * 2026-07-28 one whose envelope is complete and whose version and method headers match the
 * body; `undefined` for anything the SDK must judge.
 */
export function eraOfRequest(headerOf: HeaderOf, body: JsonRpcRequest): McpEra | undefined {
  const header = headerOf('mcp-protocol-version')
  const meta = body.params?._meta
  if (!isJsonObject(meta) || !(META_PROTOCOL_VERSION in meta)) {
    return header === null || isLegacyVersion(header) ? 'legacy' : undefined
  }
  const complete =
    meta[META_PROTOCOL_VERSION] === MODERN_PROTOCOL_VERSION &&
    isJsonObject(meta[META_CLIENT_CAPABILITIES]) &&
    (meta[META_CLIENT_INFO] === undefined || isJsonObject(meta[META_CLIENT_INFO]))
  return complete && header === MODERN_PROTOCOL_VERSION && headerOf('mcp-method') === body.method
    ? 'modern'
    : undefined
}
