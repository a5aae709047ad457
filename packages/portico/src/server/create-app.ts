import { join } from 'node:path'
import { Hono } from 'hono'
import type { AuthGate } from '../auth/create-auth-gate.js'
import { createMetadataRoute } from '../auth/create-metadata-route.js'
import { PorticoError } from '../core/portico-error.js'
import { cors } from '../http/cors.js'
import { resolveHostPolicy } from '../http/host-policy.js'
import { jsonResponse } from '../http/json-response.js'
import { memoizeByOrigin } from '../http/memoize-by-origin.js'
import { problemResponse, toProblemDocument } from '../http/problem-response.js'
import { requestOrigin } from '../http/request-origin.js'
import type { ToolRuntime } from '../invoke/create-tool-runtime.js'
import { createPackagingSurface } from '../surfaces/documents/document-routes.js'
import { renderOriginDocuments } from '../surfaces/documents/render-origin-documents.js'
import { buildTypesDocument } from '../surfaces/documents/types-document.js'
import { createMcpSurface, type McpMirrors } from '../surfaces/mcp/create-mcp-surface.js'
import { createPublicFolderHandler } from '../surfaces/public/serve-public-folder.js'
import { createRestHandler } from '../surfaces/rest/create-rest-handler.js'
import { buildOpenApiDocument } from '../surfaces/rest/open-api-document.js'

/** Options of {@link createApp}. */
export interface AppOptions {
  /** Absolute path of the plugin folder. */
  rootDir: string
  /** Dev mode: error details and stacks in responses, no caching of public files. */
  dev: boolean
  /**
   * The interface the server listens on; it decides which Host and Origin values the MCP
   * endpoints accept. Default `127.0.0.1`.
   */
  listenHost?: string
  /**
   * Checks bearer tokens on `/api/*` and `/mcp*`: required in modes `portico-hub` and `custom`
   * (build it with `createAuthGate(resolveAuthSettings(...))`), absent in mode `anon`.
   */
  gate?: AuthGate
}

/**
 * Assembles the Fetch-API app of one plugin: every surface is a projection of the runtime's
 * model, prepared here once. The order of the routes is the order of this function.
 */
export function createApp(runtime: ToolRuntime, options: AppOptions): Hono {
  const { model } = runtime
  const { gate } = options
  if (model.config.auth !== 'anon' && !gate) {
    // Never serve an authenticated plugin unprotected by omission.
    throw new Error(
      `Mode "${model.config.auth}" needs a gate: pass createAuthGate(settings) as options.gate`,
    )
  }
  const app = new Hono()
  const openApi = memoizeByOrigin((origin) => JSON.stringify(buildOpenApiDocument(model, origin)))
  const types = JSON.stringify(buildTypesDocument(model))
  const rest = createRestHandler(runtime, { dev: options.dev, ...(gate ? { gate } : {}) })
  const packaging = createPackagingSurface(model, {
    dev: options.dev,
    renderDocuments: (origin) => renderOriginDocuments(model, origin),
  })
  const mcp = createMcpSurface(runtime, {
    dev: options.dev,
    hostPolicy: resolveHostPolicy(model.config.server, options.listenHost ?? '127.0.0.1'),
    ...(gate ? { gate } : {}),
  })
  const notFound = (request: Request) =>
    problemResponse(
      toProblemDocument(
        new PorticoError(
          'not_found',
          `Nothing at ${request.method} ${new URL(request.url).pathname}`,
        ),
        {
          dev: options.dev,
        },
      ),
    )
  const mirror = (server: string, list: keyof McpMirrors, request: Request) => {
    const text = mcp.mirrors(server)?.[list]
    return text === undefined ? notFound(request) : jsonResponse(text)
  }
  const publicFolder = createPublicFolderHandler({
    rootDir: join(options.rootDir, 'public'),
    dev: options.dev,
  })

  app.use('*', cors())
  app.get('/open-api.json', (c) =>
    jsonResponse(openApi(requestOrigin(c.req.raw, model.config.server))),
  )
  app.get('/types.json', () => jsonResponse(types))
  if (gate) {
    const metadata = createMetadataRoute(model, gate.settings)
    app.get(
      '/.well-known/oauth-protected-resource',
      (c) => metadata(c.req.raw, '/') ?? notFound(c.req.raw),
    )
    app.get(
      '/.well-known/oauth-protected-resource/*',
      (c) =>
        metadata(c.req.raw, c.req.path.slice('/.well-known/oauth-protected-resource'.length)) ??
        notFound(c.req.raw),
    )
  }
  app.all('/api/*', (c) => rest(c.req.raw))
  app.get('/mcp/tools.json', (c) => mirror('', 'tools', c.req.raw))
  app.get('/mcp/prompts.json', (c) => mirror('', 'prompts', c.req.raw))
  app.get('/mcp/resources.json', (c) => mirror('', 'resources', c.req.raw))
  app.get('/mcp/:server/tools.json', (c) => mirror(c.req.param('server'), 'tools', c.req.raw))
  app.all('/mcp', (c) => mcp.handle('', c.req.raw) ?? notFound(c.req.raw))
  app.all(
    '/mcp/:server',
    (c) => mcp.handle(c.req.param('server'), c.req.raw) ?? notFound(c.req.raw),
  )
  app.get(
    '*',
    (c) =>
      packaging(c.req.raw, requestOrigin(c.req.raw, model.config.server)) ??
      publicFolder(c.req.raw),
  )
  app.notFound((c) => notFound(c.req.raw))
  app.onError((error) => problemResponse(toProblemDocument(error, { dev: options.dev })))
  return app
}
