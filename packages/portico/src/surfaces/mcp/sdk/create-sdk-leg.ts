import { createMcpHandler, type McpRequestContext } from '@modelcontextprotocol/server'
import type { ToolRuntime } from '../../../invoke/create-tool-runtime.js'
import type { InputRounds } from '../calls/create-input-rounds.js'
import type { McpServerCatalog } from '../catalog/build-mcp-catalogs.js'
import type { McpSubscriptions } from '../subscriptions/create-subscriptions.js'
import { isLegacyEra } from '../wire/is-legacy-era.js'
import type { McpExchange } from '../wire/mcp-leg.js'
import { createSdkServerFactory } from './create-sdk-server-factory.js'
import { serveLegacyRequest } from './serve-legacy-request.js'
import { callerFromAuthInfo, toAuthInfo } from './to-auth-info.js'

/**
 * Serves one POSTed MCP request through the SDK, answered as `media` (what the client's
 * `Accept` allows): the route's last leg, which answers everything.
 */
export type SdkLeg = (exchange: McpExchange) => Promise<Response>

/** Options of {@link createSdkLeg}. */
export interface SdkLegOptions {
  dev: boolean
  /** The public origin of a request, naming only a checked host. */
  originOf(request: Request): string
  /** 2026-07-28 input rounds, shared with the hot path. */
  rounds: InputRounds
  /** Where a 2025 session's `resources/subscribe` registers; absent: subscribing delivers nothing. */
  subscriptions?: McpSubscriptions
}

/**
 * The SDK's side of one MCP server: everything the hot path leaves, in both eras. The 2026-07-28
 * protocol through `createMcpHandler`; the initialize-based revisions through a stateless JSON
 * leg; the SDK's own `isLegacyRequest` chooses. This module is what loads the SDK, so the
 * surface imports it lazily.
 */
export async function createSdkLeg(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: SdkLegOptions,
): Promise<SdkLeg> {
  const { originOf } = options
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const factory = await createSdkServerFactory(catalog, runtime, options)
  const serveModern = (ctx: McpRequestContext) => {
    const context = callerFromAuthInfo(ctx.authInfo)
    // Always there over HTTP: the handler hands the factory the request it serves.
    if (!ctx.requestInfo) throw new Error('The MCP SDK passed no request to the server factory')
    return factory({
      era: 'modern',
      ...(context ? { context } : {}),
      origin: originOf(ctx.requestInfo),
    })
  }
  // The SDK picks the answer's type per handler, not per request: one handler for each.
  const modern = {
    json: createMcpHandler(serveModern, { legacy: 'reject', maxRequestBodySize }),
    sse: createMcpHandler(serveModern, {
      legacy: 'reject',
      maxRequestBodySize,
      responseMode: 'sse',
    }),
  }
  return async ({ request, parsedBody, media, caller: context }) =>
    (await isLegacyEra(request, parsedBody, maxRequestBodySize))
      ? serveLegacyRequest(
          request,
          () =>
            factory({ era: 'legacy', ...(context ? { context } : {}), origin: originOf(request) }),
          { maxRequestBodySize, media, parsedBody },
        )
      : modern[media].fetch(request, {
          ...(parsedBody === undefined ? {} : { parsedBody }),
          ...(context ? { authInfo: toAuthInfo(context) } : {}),
        })
}
