import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server'
import { memorySkillFiles, SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import type { PorticoPluginContext } from '../../core/plugin-context.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { SkillDefinition } from '../../model/plugin-model.js'
import { createMcpServerFactory } from './create-mcp-server-factory.js'
import { listCacheHint } from './list-cache-hint.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import { serveLegacyRequest } from './serve-legacy-request.js'

/** Serves one MCP request through the SDK; `parsedBody` when the body was read already. */
export type SdkLeg = (
  request: Request,
  parsedBody: unknown,
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
  const modern = createMcpHandler(
    (ctx) => {
      const context = ctx.authInfo?.extra?.[CONTEXT_KEY] as PorticoPluginContext | undefined
      // Always there over HTTP: the handler hands the factory the request it serves.
      if (!ctx.requestInfo) throw new Error('The MCP SDK passed no request to the server factory')
      return factory({ ...(context ? { context } : {}), origin: originOf(ctx.requestInfo) })
    },
    { legacy: 'reject', maxRequestBodySize },
  )
  return async (request, parsedBody, context) =>
    (await isLegacyRequest(request, parsedBody, { maxRequestBodySize }))
      ? serveLegacyRequest(
          request,
          () => factory({ ...(context ? { context } : {}), origin: originOf(request) }),
          maxRequestBodySize,
          parsedBody,
        )
      : modern.fetch(request, {
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
