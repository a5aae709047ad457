import { PorticoError } from '../../errors/portico-error.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { jsonResponse } from '../../server/json-response.js'
import { problemResponse, toProblemDocument } from '../../server/problem-response.js'
import { readJsonBody } from './read-json-body.js'

/** Options of {@link createRestHandler}. */
export interface RestHandlerOptions {
  dev: boolean
}

/**
 * `POST /api/<Class>/<method>`: the visible pipeline of a REST call. Route to a tool (404),
 * check the method (405), read the body (415, 413, 400), invoke (422, 500, 504), answer 200
 * with the result as JSON.
 */
export function createRestHandler(
  runtime: ToolRuntime,
  options: RestHandlerOptions,
): (request: Request) => Promise<Response> {
  const limitBytes = runtime.model.config.limits.bodyBytes
  const routes = new Map(
    runtime.model.tools.map((tool) => [`/api/${tool.className}/${tool.methodName}`, tool.id]),
  )
  return async (request) => {
    try {
      const pathname = new URL(request.url).pathname.replace(/\/$/, '')
      const toolId = routes.get(pathname)
      if (!toolId) throw new PorticoError('not_found', `No tool at ${pathname}`)
      if (request.method !== 'POST') {
        throw new PorticoError('method_not_allowed', `Call ${toolId} with POST`)
      }
      const input = await readJsonBody(request, limitBytes)
      const result = await runtime.invokeTool(toolId, input)
      return jsonResponse(JSON.stringify(result ?? null))
    } catch (error) {
      const problem = toProblemDocument(error, { dev: options.dev })
      const allow = problem.status === 405 ? { allow: 'POST, OPTIONS' } : undefined
      return problemResponse(problem, allow)
    }
  }
}
