import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  originValidationResponse,
} from '@modelcontextprotocol/server'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { HostPolicy } from '../../server/host-policy.js'
import { createHotAnswer, type HotAnswer } from './answer-hot-request.js'
import { createMcpServerFactory } from './create-mcp-server-factory.js'
import { buildMcpCatalogs } from './mcp-catalog.js'
import { readJsonRpcBody } from './read-json-rpc-body.js'
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

type ServeMcp = (request: Request, parsedBody: unknown) => Promise<Response>

/**
 * Builds the MCP surface. For each server, one per-request factory backs both eras: the
 * 2026-07-28 protocol through the SDK's `createMcpHandler`, and the initialize-based 2025
 * revisions through a stateless JSON leg, chosen by the SDK's own `isLegacyRequest`. Any
 * replica can answer any request. Host and Origin are checked first; the body is read and
 * parsed once, within the limit, and handed to either leg.
 */
export function createMcpSurface(runtime: ToolRuntime, options: McpSurfaceOptions): McpSurface {
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const handlers = new Map<string, ServeMcp>()
  const hotAnswers = new Map<string, HotAnswer>()
  const mirrors = new Map<string, McpMirrors>()
  for (const [name, catalog] of buildMcpCatalogs(runtime.model)) {
    const factory = createMcpServerFactory(catalog, runtime, { dev: options.dev })
    const modern = createMcpHandler(factory, { legacy: 'reject', maxRequestBodySize })
    hotAnswers.set(name, createHotAnswer(catalog, runtime, options.dev))
    handlers.set(name, async (request, parsedBody) =>
      (await isLegacyRequest(request, parsedBody, { maxRequestBodySize }))
        ? serveLegacyRequest(request, factory, maxRequestBodySize, parsedBody)
        : modern.fetch(request, parsedBody === undefined ? undefined : { parsedBody }),
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
      const serve = handlers.get(server)
      if (!serve) return undefined
      const rejected =
        (allowedHostnames && hostHeaderValidationResponse(request, allowedHostnames)) ||
        (allowedOriginHostnames && originValidationResponse(request, allowedOriginHostnames))
      if (rejected) return Promise.resolve(rejected)
      const hot = hotAnswers.get(server)
      return readJsonRpcBody(request, maxRequestBodySize).then((body) => {
        if ('rejected' in body) return body.rejected
        if (!('parsed' in body)) return serve(request, undefined)
        return hot?.(request, body.parsed) ?? serve(request, body.parsed)
      })
    },
    mirrors: (server) => mirrors.get(server),
  }
}
