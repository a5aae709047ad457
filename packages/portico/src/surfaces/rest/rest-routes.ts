import { jsonResponse } from '../../http/json-response.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import type { Route } from '../../http/route.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { RestCallOptions } from './create-rest-call.js'
import { createRestHandler } from './create-rest-handler.js'
import { buildOpenApiDocument } from './open-api-document.js'

/** Options of {@link restRoutes}. */
export interface RestRoutesOptions extends RestCallOptions {
  /** The public origin of a request (see `requestOrigin`): OpenAPI names it as its server. */
  originOf(request: Request): string
}

/** `/open-api.json` and every tool at `/api/<Class>/<method>`. */
export function restRoutes(runtime: ToolRuntime, options: RestRoutesOptions): Route[] {
  const { originOf, ...callOptions } = options
  const openApi = memoizeByOrigin((origin) =>
    JSON.stringify(buildOpenApiDocument(runtime.model, origin)),
  )
  const rest = createRestHandler(runtime, callOptions)
  return [
    {
      method: 'GET',
      path: '/open-api.json',
      handle: (request) => jsonResponse(openApi(originOf(request))),
    },
    { method: 'ALL', path: '/api/*', handle: rest },
  ]
}
