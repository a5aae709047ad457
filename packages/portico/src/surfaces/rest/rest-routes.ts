import { JSON_CONTENT_TYPE } from '../../http/json-response.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import type { Route } from '../../http/route.js'
import { serveEncodedFile } from '../../http/serve-encoded-file.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createOpenApiBytes } from './create-open-api-bytes.js'
import {
  createReadResourceRoute,
  RESOURCES_PATH,
  type ReadResourceRouteOptions,
} from './create-read-resource-route.js'
import { createRestHandler } from './create-rest-handler.js'
import type { RestAnswer, RestRequest } from './rest-request.js'

/**
 * Options of {@link restRoutes}. `originOf` is the public origin of a request (see
 * `requestOrigin`): OpenAPI names it as its server, the challenge as its resource.
 */
export interface RestRoutesOptions extends ReadResourceRouteOptions {
  /** The REST call (`createRestCall`), made once and shared with the `node:http` edge. */
  call(request: RestRequest): Promise<RestAnswer>
}

/**
 * `/open-api.json`, the plugin's resources at `/api/resources` (when it has any), and every tool
 * at `/api/<Class>/<method>`.
 */
export function restRoutes(runtime: ToolRuntime, options: RestRoutesOptions): Route[] {
  const { call, ...admissionOptions } = options
  const { originOf } = options
  const openApi = memoizeByOrigin(createOpenApiBytes(runtime.model))
  const rest = createRestHandler(
    call,
    originOf,
    runtime.model.config.server.trustProxy,
    options.bodyDeadlineMs,
  )
  const { resources, resourceTemplates } = runtime.model
  const hasResources = resources.length + resourceTemplates.length > 0
  return [
    {
      method: 'GET',
      path: '/open-api.json',
      // With its ETag: a client holding the document revalidates it for a 304. Compressed for
      // a client that takes it: megabytes at thousands of tools.
      handle: (request) => {
        const { encodings, ...file } = openApi(originOf(request))
        return serveEncodedFile(request, { contentType: JSON_CONTENT_TYPE, ...file }, encodings)
      },
    },
    ...(hasResources
      ? [
          {
            method: 'ALL' as const,
            path: RESOURCES_PATH,
            handle: createReadResourceRoute(runtime, admissionOptions),
          },
        ]
      : []),
    { method: 'ALL', path: '/api/*', handle: rest },
  ]
}
