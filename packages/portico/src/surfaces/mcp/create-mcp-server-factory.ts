import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server'
import { isPorticoError } from '../../errors/portico-error.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { renderPrompt } from '../../model/prompts/render-prompt.js'
import { listCacheHint } from './list-cache-hint.js'
import { type McpServerCatalog, WIDGET_MIME_TYPE } from './mcp-catalog.js'
import { toCallToolResult, toToolErrorResult } from './tool-call-result.js'

/** Options of {@link createMcpServerFactory}. */
export interface McpServerFactoryOptions {
  dev: boolean
}

/**
 * A factory of one fresh low-level `Server` per request (a shared instance leaks responses
 * across clients: GHSA-345p-7cg4-v4c7). Its handlers only read the catalog, prepared once, so a
 * request costs the same whatever the number of tools.
 */
export function createMcpServerFactory(
  catalog: McpServerCatalog,
  runtime: ToolRuntime,
  options: McpServerFactoryOptions,
): () => Server {
  const listHint = listCacheHint(runtime.model, options.dev)
  const cacheHints = {
    'server/discover': listHint,
    'tools/list': listHint,
    'prompts/list': listHint,
    'resources/list': listHint,
    'resources/read': listHint,
  }
  const toolsResult = { tools: catalog.tools }
  const promptsResult = { prompts: catalog.promptList }
  const resourcesResult = { resources: catalog.resources }

  return () => {
    const server = new Server(catalog.serverInfo, {
      capabilities: catalog.capabilities,
      ...(catalog.instructions ? { instructions: catalog.instructions } : {}),
      cacheHints,
    })
    server.setRequestHandler('tools/list', () => toolsResult)
    server.setRequestHandler('tools/call', async (request) => {
      const { name, arguments: input } = request.params
      const tool = catalog.callable.get(name)
      if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`)
      try {
        return toCallToolResult(await runtime.invokeTool(name, input ?? {}), tool.wrapsOutput)
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
    if (catalog.capabilities.resources) {
      server.setRequestHandler('resources/list', () => resourcesResult)
      server.setRequestHandler('resources/read', (request) => {
        const widget = catalog.widgets.get(request.params.uri)
        if (!widget) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `Unknown resource: ${request.params.uri}`,
          )
        }
        return { contents: [{ uri: widget.uri, mimeType: WIDGET_MIME_TYPE, text: widget.html }] }
      })
    }
    return server
  }
}
