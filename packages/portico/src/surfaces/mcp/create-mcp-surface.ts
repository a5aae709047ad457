import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { HostPolicy } from '../../server/host-policy.js'
import { createHotAnswer, type HotAnswer } from './answer-hot-request.js'
import { createHostOriginCheck } from './check-host-origin.js'
import type { SdkLeg } from './create-sdk-leg.js'
import { buildMcpCatalogs, type McpServerCatalog } from './mcp-catalog.js'
import { readJsonRpcBody } from './read-json-rpc-body.js'

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

/** The SDK loads this long after start, so that it never delays the first answers. */
const SDK_PRELOAD_DELAY_MS = 50

/**
 * Builds the MCP surface. Per request: Host and Origin are checked; the body is read and parsed
 * once, within the limit; `tools/call` and `tools/list` are answered by the hot path; anything
 * else goes to the SDK leg of that server, in either era. The SDK is imported lazily (it takes
 * longer to load than the rest of Portico), on the first request that needs it or shortly
 * after start, whichever comes first. Any replica can answer any request.
 */
export function createMcpSurface(runtime: ToolRuntime, options: McpSurfaceOptions): McpSurface {
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const catalogs = buildMcpCatalogs(runtime.model)
  const hotAnswers = new Map<string, HotAnswer>()
  const mirrors = new Map<string, McpMirrors>()
  for (const [name, catalog] of catalogs) {
    hotAnswers.set(name, createHotAnswer(catalog, runtime, options.dev))
    mirrors.set(name, {
      tools: JSON.stringify({ tools: catalog.tools }),
      prompts: JSON.stringify({ prompts: catalog.promptList }),
      resources: JSON.stringify({ resources: catalog.resources }),
    })
  }
  const sdkLegs = lazySdkLegs(catalogs, runtime, options.dev)
  setTimeout(() => void sdkLegs(), SDK_PRELOAD_DELAY_MS).unref()
  const rejectHostOrOrigin = createHostOriginCheck(options.hostPolicy)

  return {
    handle(server, request) {
      const hot = hotAnswers.get(server)
      if (!hot) return undefined
      const rejected = rejectHostOrOrigin(request)
      if (rejected) return Promise.resolve(rejected)
      return readJsonRpcBody(request, maxRequestBodySize).then(async (body) => {
        if ('rejected' in body) return body.rejected
        const parsed = 'parsed' in body ? body.parsed : undefined
        const answer = parsed === undefined ? undefined : hot(request, parsed)
        if (answer) return answer
        const leg = (await sdkLegs()).get(server) as SdkLeg
        return leg(request, parsed)
      })
    },
    mirrors: (server) => mirrors.get(server),
  }
}

/** Imports the SDK leg module once and builds a leg per server. */
function lazySdkLegs(
  catalogs: Map<string, McpServerCatalog>,
  runtime: ToolRuntime,
  dev: boolean,
): () => Promise<Map<string, SdkLeg>> {
  let legs: Promise<Map<string, SdkLeg>> | undefined
  return () => {
    legs ??= import('./create-sdk-leg.js').then(async ({ createSdkLeg }) => {
      const entries = [...catalogs].map(
        async ([name, catalog]) => [name, await createSdkLeg(catalog, runtime, dev)] as const,
      )
      return new Map(await Promise.all(entries))
    })
    return legs
  }
}
