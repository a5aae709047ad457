import type { AuthGate, GateOutcome } from '../../auth/create-auth-gate.js'
import type { PorticoPluginContext } from '../../core/plugin-context.js'
import type { HostPolicy } from '../../http/host-policy.js'
import { searchOf } from '../../http/pathname-of.js'
import { requestOrigin } from '../../http/request-origin.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createHotAnswer, type HotAnswer } from './answer-hot-request.js'
import { createHostOriginCheck } from './check-host-origin.js'
import type { SdkLeg } from './create-sdk-leg.js'
import { buildMcpCatalogs, type McpServerCatalog } from './mcp-catalog.js'
import { readJsonRpcBody } from './read-json-rpc-body.js'

/** Options of {@link createMcpSurface}. */
export interface McpSurfaceOptions {
  dev: boolean
  hostPolicy: HostPolicy
  /** Checks bearer tokens in the authenticated modes; absent in mode anon. */
  gate?: AuthGate
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

/** Whether a request may go on, with the caller's context in the authenticated modes. */
type Admission = { ok: true; context?: PorticoPluginContext } | Extract<GateOutcome, { ok: false }>

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
  const { gate } = options
  const anonymous: Admission = { ok: true }
  const authenticate = (request: Request, server: string): Promise<Admission> =>
    gate
      ? gate.check({
          authorization: request.headers.get('authorization'),
          search: searchOf(request.url),
          origin: requestOrigin(request, runtime.model.config.server),
          resourcePath: server === '' ? '/mcp' : `/mcp/${server}`,
        })
      : Promise.resolve(anonymous)

  return {
    handle(server, request) {
      const hot = hotAnswers.get(server)
      if (!hot) return undefined
      const rejected = rejectHostOrOrigin(request)
      if (rejected) return Promise.resolve(rejected)
      return authenticate(request, server).then(async (outcome) => {
        if (!outcome.ok) return mcpRefusal(outcome)
        const body = await readJsonRpcBody(request, maxRequestBodySize)
        if ('rejected' in body) return body.rejected
        const parsed = 'parsed' in body ? body.parsed : undefined
        const answer = parsed === undefined ? undefined : hot(request, parsed, outcome.context)
        if (answer) return answer
        const leg = (await sdkLegs()).get(server) as SdkLeg
        return leg(request, parsed, outcome.context)
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

/**
 * A refused MCP request: 401 or 403 with the challenge MCP clients read to find the metadata,
 * and an OAuth error body (RFC 6750), as MCP clients expect rather than a problem document.
 */
function mcpRefusal(outcome: Extract<GateOutcome, { ok: false }>): Response {
  const error = outcome.status === 403 ? 'insufficient_scope' : 'invalid_token'
  return new Response(JSON.stringify({ error, error_description: outcome.error.message }), {
    status: outcome.status,
    headers: { 'content-type': 'application/json', 'www-authenticate': outcome.challenge },
  })
}
