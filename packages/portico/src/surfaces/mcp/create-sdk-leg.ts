import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createMcpServerFactory } from './create-mcp-server-factory.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import { serveLegacyRequest } from './serve-legacy-request.js'

/** Serves one MCP request through the SDK; `parsedBody` when the body was read already. */
export type SdkLeg = (request: Request, parsedBody: unknown) => Promise<Response>

/**
 * The SDK's side of one MCP server: everything the hot path leaves, in both eras. The 2026-07-28
 * protocol through `createMcpHandler`; the initialize-based revisions through a stateless JSON
 * leg; the SDK's own `isLegacyRequest` chooses. This module is what loads the SDK, so the
 * surface imports it lazily.
 */
export function createSdkLeg(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  dev: boolean,
): SdkLeg {
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const factory = createMcpServerFactory(catalog, runtime, { dev })
  const modern = createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize })
  return async (request, parsedBody) =>
    (await isLegacyRequest(request, parsedBody, { maxRequestBodySize }))
      ? serveLegacyRequest(request, factory, maxRequestBodySize, parsedBody)
      : modern.fetch(request, parsedBody === undefined ? undefined : { parsedBody })
}
