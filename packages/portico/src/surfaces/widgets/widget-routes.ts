import { PorticoError } from '../../core/portico-error.js'
import {
  authorFileHeaders,
  publicFileTrust,
  SCRIPT_SANDBOX,
} from '../../http/author-file-headers.js'
import { createContentEtag } from '../../http/conditional-request.js'
import { createFolderHandler } from '../../http/create-folder-handler.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import type { Route } from '../../http/route.js'
import { serveFile } from '../../http/serve-file.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { WIDGET_ASSETS_PATH } from '../../model/widgets/check-widget-assets.js'
import { loadWidgetRuntime, WIDGET_RUNTIME_ASSET } from './widget-runtime.js'

/** Options of {@link widgetRoutes}. */
export interface WidgetRoutesOptions {
  dev: boolean
  /** Absolute path of the plugin's `public/` folder, re-served under `/widget-assets/`. */
  publicDir: string
}

/** Lets a host's page, on any origin, embed or fetch what these routes serve. */
const CROSS_ORIGIN = { 'cross-origin-resource-policy': 'cross-origin' }

/**
 * The page's own policy, close to what MCP Apps hosts give a widget: scripts, styles, images,
 * fonts and media from this origin (inline ones too), requests to this origin only, no plugins,
 * frames, forms or `<base>`; and any site may frame it (there is no `X-Frame-Options`). It runs
 * sandboxed in an opaque origin, as hosts frame it: opened on its own, the author's page never
 * reaches the docs site's token in this origin's storage.
 */
const PAGE_HEADERS = {
  'content-security-policy': [
    SCRIPT_SANDBOX,
    "default-src 'none'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "media-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ].join('; '),
  ...CROSS_ORIGIN,
}

const HTML_TYPE = 'text/html; charset=utf-8'

/** A widget page, prepared once. */
interface WidgetPage {
  bytes: Uint8Array
  etag: string
}

/**
 * `/widgets/<toolId>`: each widget's page as written, public in every auth mode (it calls no
 * tool; the page does, with the caller's own credentials); an unknown id is 404. And
 * `/widget-assets/<path>`: the plugin's `public/` folder again, by the public folder's own path
 * rules, with `Cross-Origin-Resource-Policy: cross-origin` beside the CORS `*` every answer has,
 * so that a widget in a host's sandbox (an opaque origin) can load its scripts and styles, and
 * with the public folder's policy of the mode (see `publicFileTrust`).
 * `/widget-assets/_portico/widget.js` is the widget runtime (`src/widget/`), not a file of
 * `public/`: cached for a day in production, revalidated by its ETag.
 */
export function widgetRoutes(model: PluginModel, options: WidgetRoutesOptions): Route[] {
  const pages = new Map<string, WidgetPage>()
  for (const widget of model.widgets) {
    const bytes = new TextEncoder().encode(widget.html)
    pages.set(widget.toolId, { bytes, etag: createContentEtag(bytes) })
  }
  const servePage = (request: Request, toolId: string): Response => {
    const page = pages.get(toolId)
    if (!page) {
      const error = new PorticoError('not_found', `No widget for a tool "${toolId}"`)
      return problemResponse(toProblemDocument(error, { dev: options.dev }))
    }
    return serveFile(request, {
      contentType: HTML_TYPE,
      etag: page.etag,
      size: page.bytes.byteLength,
      cacheControl: 'no-cache',
      headers: PAGE_HEADERS,
      body: page.bytes,
    })
  }
  const serveAsset = createFolderHandler({
    rootDir: options.publicDir,
    dev: options.dev,
    mountPath: WIDGET_ASSETS_PATH,
    // The public folder again: its pages are sandboxed here exactly as at the root.
    headers: { ...CROSS_ORIGIN, ...authorFileHeaders(publicFileTrust(model.config.auth)) },
  })
  let runtime: Promise<WidgetPage> | undefined
  const serveRuntime = async (request: Request): Promise<Response> => {
    runtime ??= loadWidgetRuntime().then(
      (bytes) => ({ bytes, etag: createContentEtag(bytes) }),
      (error: unknown) => {
        runtime = undefined // a later request tries again
        throw error
      },
    )
    const { bytes, etag } = await runtime
    return serveFile(request, {
      contentType: 'text/javascript; charset=utf-8',
      etag,
      size: bytes.byteLength,
      cacheControl: options.dev ? 'no-cache' : 'public, max-age=86400',
      headers: CROSS_ORIGIN,
      body: bytes,
    })
  }
  return [
    {
      method: 'GET',
      path: '/widgets/:toolId',
      handle: (request, params) => servePage(request, params.toolId ?? ''),
    },
    { method: 'GET', path: `${WIDGET_ASSETS_PATH}/${WIDGET_RUNTIME_ASSET}`, handle: serveRuntime },
    { method: 'GET', path: `${WIDGET_ASSETS_PATH}/*`, handle: serveAsset },
  ]
}
