import { createHostOriginRefusal } from '../../../http/create-host-origin-refusal.js'
import type { HostPolicy } from '../../../http/host-policy.js'
import { jsonRpcErrorAnswer } from './json-rpc-error-response.js'
import type { McpAnswer } from './mcp-answer.js'
import type { HeaderOf } from './mcp-leg.js'

/**
 * Returns the 403 answer for a `Host` or `Origin` the policy refuses, or `undefined`: the rule
 * every tool-calling route shares (`createHostOriginRefusal`), answered as JSON-RPC with the
 * SDK's messages (kept out of the SDK so that the MCP hot path does not load it).
 */
export function createHostOriginCheck(
  policy: HostPolicy,
): (header: HeaderOf) => McpAnswer | undefined {
  const refuse = createHostOriginRefusal(policy)
  return (header) => {
    const refusal = refuse(
      header('host'),
      header('origin'),
      header('sec-fetch-site'),
      header('x-forwarded-host'),
    )
    return refusal ? jsonRpcErrorAnswer(403, -32000, refusal) : undefined
  }
}
