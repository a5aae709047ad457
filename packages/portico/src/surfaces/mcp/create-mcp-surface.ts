import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  originValidationResponse,
} from '@modelcontextprotocol/server'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { HostPolicy } from '../../server/host-policy.js'
import { createMcpServerFactory } from './create-mcp-server-factory.js'
import { buildMcpCatalogs } from './mcp-catalog.js'
import { serveLegacyRequest } from './serve-legacy-request.js'

/** Options of {@link createMcpSurface}. */
export interface McpSurfaceOptions {
  dev: boolean
  hostPolicy: HostPolicy
}

/** The JSON mirrors of one server's list results, rendered once. */
export interface McpMirrors {
  tools: string
  prompts: string
  resources: string
}

/** The MCP endpoints of a plugin: one handler and one set of mirrors per server. */
export interface McpSurface {
  /** Serves `ALL /mcp` (`server` = `''`) or `ALL /mcp/<server>`; `undefined` for an unknown server. */
  handle(server: string, request: Request): Promise<Response> | undefined
  /** The mirrors of a server, `undefined` for an unknown one. */
  mirrors(server: string): McpMirrors | undefined
}

/**
 * Builds the MCP surface. For each server, one per-request factory backs both eras: the
 * 2026-07-28 protocol through the SDK's `createMcpHandler`, and the initialize-based 2025
 * revisions through a stateless JSON leg, chosen by the SDK's own `isLegacyRequest`. Any
 * replica can answer any request. Host and Origin are checked before the SDK sees the call,
 * and a declared body over the limit is refused before it is read.
 */
export function createMcpSurface(runtime: ToolRuntime, options: McpSurfaceOptions): McpSurface {
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const handlers = new Map<string, (request: Request) => Promise<Response>>()
  const mirrors = new Map<string, McpMirrors>()
  for (const [name, catalog] of buildMcpCatalogs(runtime.model)) {
    const factory = createMcpServerFactory(catalog, runtime, { dev: options.dev })
    const modern = createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize })
    handlers.set(name, async (request) =>
      (await isLegacyRequest(request, undefined, { maxRequestBodySize }))
        ? serveLegacyRequest(request, factory, maxRequestBodySize)
        : modern.fetch(request),
    )
    mirrors.set(name, {
      tools: JSON.stringify({ tools: catalog.tools }),
      prompts: JSON.stringify({ prompts: catalog.promptList }),
      resources: JSON.stringify({ resources: catalog.resources }),
    })
  }
  const { allowedHostnames, allowedOriginHostnames } = options.hostPolicy
  return {
    handle(server, request) {
      const handler = handlers.get(server)
      if (!handler) return undefined
      const rejected =
        (allowedHostnames && hostHeaderValidationResponse(request, allowedHostnames)) ||
        (allowedOriginHostnames && originValidationResponse(request, allowedOriginHostnames)) ||
        (Number(request.headers.get('content-length')) > maxRequestBodySize &&
          tooLarge(maxRequestBodySize))
      return rejected ? Promise.resolve(rejected) : handler(request)
    },
    mirrors: (server) => mirrors.get(server),
  }
}

function tooLarge(limitBytes: number): Response {
  const error = {
    jsonrpc: '2.0',
    error: { code: -32600, message: `The body exceeds the limit of ${limitBytes} bytes` },
    id: null,
  }
  return new Response(JSON.stringify(error), {
    status: 413,
    headers: { 'content-type': 'application/json' },
  })
}
