import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type Transport,
} from '@modelcontextprotocol/server'
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills'
import type { PorticoPluginContext } from '../../core/plugin-context.js'
import { isPorticoError } from '../../core/portico-error.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { renderPrompt } from '../../model/prompts/render-prompt.js'
import { adaptSdkAnswers, type McpEra } from './adapt-sdk-answers.js'
import { listCacheHint } from './list-cache-hint.js'
import type { McpServerCatalog } from './mcp-catalog.js'
import { toCallToolResult, toToolErrorResult } from './tool-call-result.js'
import { WIDGET_MIME_TYPE, widgetResourceContents } from './widget-resource.js'

/** Options of {@link createMcpServerFactory}. */
export interface McpServerFactoryOptions {
  dev: boolean
  /** The plugin's skills as the SDK's skills extension, built once; attached to each server. */
  skills?: SkillsExtension
}

/** What one request brings to its server: its era, the caller, and the origin it was made to. */
export interface McpRequestScope {
  era: McpEra
  context?: PorticoPluginContext
  /** Widget pages name their assets on it (see `widgetResourceContents`). */
  origin: string
}

/**
 * A factory of one fresh server per request (a shared instance leaks responses across clients:
 * GHSA-345p-7cg4-v4c7). Tools and prompts are low-level handlers that only read the catalog,
 * prepared once; widgets are registered resources and skills come through the SDK's skills
 * extension, both of which need the high-level `McpServer` around the low-level one.
 */
export function createMcpServerFactory(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: McpServerFactoryOptions,
): (scope: McpRequestScope) => McpServer {
  const listHint = listCacheHint(runtime.model, options.dev)
  const cacheHints = {
    'server/discover': listHint,
    'tools/list': listHint,
    'prompts/list': listHint,
    'resources/list': listHint,
    'resources/templates/list': listHint,
    'resources/read': listHint,
  }
  const toolsResult = { tools: catalog.tools }
  const promptsResult = { prompts: catalog.promptList }
  // A widget's page names the request's origin: rendered once per origin, not per request.
  const widgets = [...catalog.widgets.values()].map((widget) => ({
    widget,
    contentsOn: memoizeByOrigin((origin) => widgetResourceContents(widget, origin)),
  }))

  return ({ era, context, origin }) => {
    const mcp = new EdgeMcpServer(era, catalog.serverInfo, {
      capabilities: catalog.capabilities,
      ...(catalog.instructions ? { instructions: catalog.instructions } : {}),
      cacheHints,
    })
    const server = mcp.server
    server.setRequestHandler('tools/list', () => toolsResult)
    server.setRequestHandler('tools/call', async (request) => {
      const { name, arguments: input } = request.params
      const tool = catalog.callable.get(name)
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`)
      try {
        return toCallToolResult(
          await runtime.invokeTool(name, input ?? {}, context),
          tool.resultForm,
        )
      } catch (error) {
        return toToolErrorResult(error, options.dev)
      }
    })
    if (catalog.capabilities.prompts) {
      server.setRequestHandler('prompts/list', () => promptsResult)
      server.setRequestHandler('prompts/get', (request) => {
        const prompt = catalog.prompts.get(request.params.name)
        if (!prompt) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Unknown prompt: ${request.params.name}`,
          )
        }
        let text: string
        try {
          text = renderPrompt(prompt, request.params.arguments)
        } catch (error) {
          if (isPorticoError(error))
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message)
          throw error
        }
        return {
          ...(prompt.description ? { description: prompt.description } : {}),
          messages: [{ role: 'user', content: { type: 'text', text } }],
        }
      })
    }
    for (const { widget, contentsOn } of widgets) {
      const metadata = { title: `Widget of ${widget.toolId}`, mimeType: WIDGET_MIME_TYPE }
      mcp.registerResource(widget.toolId, widget.uri, metadata, () => ({
        contents: [contentsOn(origin)],
      }))
    }
    options.skills?.attach(mcp)
    return mcp
  }
}

/** An `McpServer` whose exchanges pass through Portico's edge ({@link adaptSdkAnswers}). */
class EdgeMcpServer extends McpServer {
  readonly #era: McpEra

  constructor(era: McpEra, ...args: ConstructorParameters<typeof McpServer>) {
    super(...args)
    this.#era = era
  }

  override connect(transport: Transport): Promise<void> {
    adaptSdkAnswers(transport, this.#era)
    return super.connect(transport)
  }
}
