import type { Client } from '@modelcontextprotocol/client'
import type { PorticoElicitRequest, PorticoElicitResult } from '../core/tool-context.js'

/**
 * A scripted answer to `ctx.elicit`: given what the tool asks, what the user answers.
 *
 * @example
 * import type { TestElicitAnswer } from 'portico/testing'
 * const decline: TestElicitAnswer = () => ({ action: 'decline' })
 */
export type TestElicitAnswer = (
  request: PorticoElicitRequest,
) => PorticoElicitResult | Promise<PorticoElicitResult>

/**
 * Options of `TestPlugin.mcp`.
 *
 * @example
 * import type { TestMcpOptions } from 'portico/testing'
 * const modern: TestMcpOptions = { era: '2026-07-28', elicit: () => ({ action: 'cancel' }) }
 * const client = await plugin.mcp(modern)
 */
export interface TestMcpOptions {
  /** The MCP endpoint's path: `/mcp` (default), or `/mcp/<server>` for a named server. */
  path?: string
  /**
   * The protocol era the client speaks: `2025` (default; `initialize`, then stateless calls) or
   * `2026-07-28` (pinned).
   */
  era?: '2025' | '2026-07-28'
  /**
   * Answers the tools' `ctx.elicit` as the user would; the client then declares the
   * `elicitation` capability. Without it, `ctx.elicit` fails as with a client that cannot ask.
   */
  elicit?: TestElicitAnswer
}

/**
 * Connects the official MCP client (`@modelcontextprotocol/client`) to `endpoint` over
 * Streamable HTTP, answering elicitations as `options.elicit` scripts.
 */
export async function connectTestClient(endpoint: URL, options: TestMcpOptions): Promise<Client> {
  // Loaded on first use: a test that only calls tools never loads the client.
  const sdk = await import('@modelcontextprotocol/client')
  const { elicit } = options
  const client = new sdk.Client(
    { name: 'portico-testing', version: '1.0.0' },
    {
      versionNegotiation: { mode: options.era === '2026-07-28' ? { pin: '2026-07-28' } : 'legacy' },
      capabilities: elicit ? { elicitation: {} } : {},
    },
  )
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request) =>
      elicit(request.params as PorticoElicitRequest),
    )
  }
  await client.connect(new sdk.StreamableHTTPClientTransport(endpoint))
  return client
}
