import { classifyInboundRequest, isLegacyRequest } from '@modelcontextprotocol/server'
import { namesRevision } from './protocol-versions.js'

/**
 * Whether a POSTed request belongs to the initialize-based 2025 revisions: the SDK's choice of
 * era, except for an `MCP-Protocol-Version` that names no revision (`banana`): the SDK takes it
 * for a modern version whose envelope is missing, where it is an unsupported version. Without
 * it, the body alone decides (an envelope makes the request modern, and the SDK then reports
 * the header's disagreement), so that a request without an envelope reaches the 2025
 * transport, which refuses the version as it does `1999-01-01`.
 */
export async function isLegacyEra(
  request: Request,
  parsedBody: unknown,
  maxRequestBodySize: number,
): Promise<boolean> {
  const version = request.headers.get('mcp-protocol-version')
  if (version === null || namesRevision(version) || parsedBody === undefined) {
    return isLegacyRequest(request, parsedBody, { maxRequestBodySize })
  }
  return classifyInboundRequest({ httpMethod: request.method, body: parsedBody }).kind === 'legacy'
}
