import { jsonResponse } from '../http/json-response.js'
import { pathnameOf } from '../http/pathname-of.js'
import { notFoundResponse } from '../http/problem-response.js'
import { requestOrigin } from '../http/request-origin.js'
import type { Route } from '../http/route.js'
import type { PluginModel } from '../model/plugin-model.js'
import type { AuthSettings } from './auth-settings.js'
import { buildProtectedResourceMetadata, resourceOf } from './protected-resource-metadata.js'
import { toolScopesOf } from './tool-scopes-of.js'

/**
 * `/.well-known/oauth-protected-resource[/<path>]` (RFC 9728): the root form describes the REST
 * API (`/`), the path-aware forms `/mcp` and each named server. Any other path is `undefined`.
 * Public, as clients read it before they have a token. `originOf` gives the public origin the
 * resource is named on (the app passes one that names only a checked host).
 */
function createMetadataRoute(
  model: PluginModel,
  settings: AuthSettings,
  originOf: (request: Request) => string = (request) => requestOrigin(request, model.config.server),
): (request: Request, resourcePath: string) => Response | undefined {
  const toolScopes = toolScopesOf(model)
  const names = new Map<string, string>([
    ['/', model.identity.title],
    ['/mcp', `${model.identity.title} (MCP)`],
  ])
  for (const server of Object.keys(model.config.mcp.servers)) {
    names.set(`/mcp/${server}`, `${model.identity.title} (MCP: ${server})`)
  }
  return (request, resourcePath) => {
    const path = resourcePath === '' ? '/' : resourcePath
    const name = names.get(path)
    if (name === undefined) return undefined
    const origin = originOf(request)
    const resource = resourceOf(settings, { origin, resourcePath: path })
    return jsonResponse(
      JSON.stringify(buildProtectedResourceMetadata(settings, resource, name, { toolScopes })),
    )
  }
}

const METADATA_PATH = '/.well-known/oauth-protected-resource'

/** The metadata routes: the root form and the path-aware ones; any other path below is 404. */
export function metadataRoutes(
  model: PluginModel,
  settings: AuthSettings,
  originOf?: (request: Request) => string,
): Route[] {
  const metadata = createMetadataRoute(model, settings, originOf)
  const notFound = (request: Request) => notFoundResponse(request, { dev: false })
  return [
    {
      method: 'GET',
      path: METADATA_PATH,
      handle: (request) => metadata(request, '/') ?? notFound(request),
    },
    {
      method: 'GET',
      path: `${METADATA_PATH}/*`,
      handle: (request) =>
        metadata(request, pathnameOf(request.url).slice(METADATA_PATH.length)) ?? notFound(request),
    },
  ]
}
