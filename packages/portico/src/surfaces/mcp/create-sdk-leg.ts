import {
  classifyInboundRequest,
  createMcpHandler,
  isLegacyRequest,
  type McpRequestContext,
} from '@modelcontextprotocol/server'
import { memorySkillFiles, SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import type { PorticoPluginContext } from '../../core/plugin-context.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { SkillDefinition } from '../../model/plugin-model.js'
import { createMcpServerFactory } from './create-mcp-server-factory.js'
import { listCacheHint } from './list-cache-hint.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import type { AnswerMedia } from './negotiate-answer-media.js'
import { namesRevision } from './protocol-versions.js'
import { serveLegacyRequest } from './serve-legacy-request.js'

/**
 * Serves one POSTed MCP request through the SDK; `parsedBody` when the body was read already,
 * answered as `media` (what the client's `Accept` allows).
 */
export type SdkLeg = (
  request: Request,
  parsedBody: unknown,
  media: AnswerMedia,
  context?: PorticoPluginContext,
) => Promise<Response>

/** Options of {@link createSdkLeg}. */
export interface SdkLegOptions {
  dev: boolean
  /** The public origin of a request, naming only a checked host. */
  originOf(request: Request): string
}

/** Where the caller's context rides through the SDK, which passes `authInfo` to the factory. */
const CONTEXT_KEY = 'portico.context'

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
  const { dev, originOf } = options
  const maxRequestBodySize = runtime.model.config.limits.bodyBytes
  const skills =
    catalog.skills.length > 0 ? await loadSkillsExtension(catalog.skills, runtime, dev) : undefined
  const factory = createMcpServerFactory(catalog, runtime, { dev, ...(skills ? { skills } : {}) })
  const serveModern = (ctx: McpRequestContext) => {
    const context = ctx.authInfo?.extra?.[CONTEXT_KEY] as PorticoPluginContext | undefined
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
  return async (request, parsedBody, media, context) =>
    (await isLegacy(request, parsedBody, maxRequestBodySize))
      ? serveLegacyRequest(
          request,
          () =>
            factory({ era: 'legacy', ...(context ? { context } : {}), origin: originOf(request) }),
          { maxRequestBodySize, media, parsedBody },
        )
      : modern[media].fetch(request, {
          ...(parsedBody === undefined ? {} : { parsedBody }),
          ...(context
            ? {
                authInfo: {
                  token: context.token,
                  clientId: '',
                  scopes: [],
                  extra: { [CONTEXT_KEY]: context },
                },
              }
            : {}),
        })
}

/**
 * The SDK's choice of era, except for an `MCP-Protocol-Version` that names no revision
 * (`banana`): the SDK takes it for a modern version whose envelope is missing, where it is an
 * unsupported version. Without it, the body alone decides (an envelope makes the request
 * modern, and the SDK then reports the header's disagreement), so that a request without an
 * envelope reaches the 2025 transport, which refuses the version as it does `1999-01-01`.
 */
async function isLegacy(
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

/**
 * The plugin's skills as the SDK's catalog, from the files in the model (validated at load, so
 * `strict` turns any disagreement into an error rather than a skill silently dropped).
 */
function loadSkillsExtension(
  skills: SkillDefinition[],
  runtime: ToolRuntime,
  dev: boolean,
): Promise<SkillsExtension> {
  const files: Record<string, Uint8Array> = {}
  for (const skill of skills) {
    for (const file of skill.files)
      files[`${skill.name}/${file.path}`] = new Uint8Array(Buffer.from(file.base64, 'base64'))
  }
  return SkillsExtension.load(memorySkillFiles(files), {
    strict: true,
    cacheHint: listCacheHint(runtime.model, dev),
  })
}
