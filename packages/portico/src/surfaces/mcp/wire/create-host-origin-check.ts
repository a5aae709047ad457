import { createHostOriginRefusal } from '../../../http/create-host-origin-refusal.js'
import type { HostPolicy } from '../../../http/host-policy.js'
import { jsonRpcErrorResponse } from './json-rpc-error-response.js'

/**
 * Returns the 403 answer for a `Host` or `Origin` the policy refuses, or `undefined`: the rule
 * every tool-calling route shares (`createHostOriginRefusal`), answered as JSON-RPC with the
 * SDK's messages (kept out of the SDK so that the MCP hot path does not load it).
 */
export function createHostOriginCheck(
  policy: HostPolicy,
): (request: Request) => Response | undefined {
  const refuse = createHostOriginRefusal(policy)
  return (request) => {
    const { headers } = request
    const refusal = refuse(
      headers.get('host'),
      headers.get('origin'),
      headers.get('sec-fetch-site'),
      headers.get('x-forwarded-host'),
    )
    return refusal ? jsonRpcErrorResponse(403, -32000, refusal) : undefined
  }
}
