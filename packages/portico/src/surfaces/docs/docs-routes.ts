import { PorticoError } from '../../core/portico-error.js'
import { redirectResponse } from '../../http/json-response.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import type { Route } from '../../http/route.js'
import { serveFile } from '../../http/serve-file.js'
import { createSiteFiles, type SiteFiles } from './site-files.js'

/** Options of {@link docsRoutes}. */
export interface DocsRoutesOptions {
  dev: boolean
  /** The built site; default the one in the portico package. */
  site?: SiteFiles
  /**
   * Where the docs site's Log in button leads, when the server has login routes: written into
   * the page as `<meta name="portico-login">`. The login ends by storing the access token in
   * the tab's `sessionStorage` under `portico.accessToken` and returning to the site.
   */
  loginUrl?: string
}

/**
 * The old single pages of the spec, each sent to its page of the docs site. The site routes
 * in the fragment (`/#/tools/…`), which the server never sees, so no client route can shadow a
 * server route.
 */
const REDIRECTS: Record<string, string> = {
  '/index.html': '/',
  '/docs.html': '/',
  '/mcp.html': '/#/mcp',
  '/explorer.html': '/#/api',
  '/skills.html': '/#/skills',
  '/agents.html': '/#/agents',
}

/**
 * The headers of the index page: a policy that runs only the site's own scripts and talks only
 * to this origin (images may come from the plugin's icon URLs), never framed by another site.
 */
const PAGE_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The docs site: `/` (the single-page app, revalidated on every load), `/assets/<name>` (its
 * hashed files, cached for a year; the site owns `/assets/`) and the redirects of the spec's
 * old pages. Everything else goes on to the public folder.
 */
export function docsRoutes(options: DocsRoutesOptions): Route[] {
  const site = options.site ?? createSiteFiles()
  const notBuilt = () =>
    problemResponse(
      toProblemDocument(
        new PorticoError(
          'unavailable',
          'The docs site is not built: run `npm run build` in the portico repository',
        ),
        { dev: options.dev },
      ),
    )
  const loginMeta =
    options.loginUrl === undefined
      ? undefined
      : `<meta name="portico-login" content="${escapeAttribute(options.loginUrl)}" />`

  const index = async (request: Request) => {
    const file = await site.index()
    if (file === undefined) return notBuilt()
    const bytes =
      loginMeta === undefined
        ? file.bytes
        : new TextEncoder().encode(
            new TextDecoder().decode(file.bytes).replace('</head>', `${loginMeta}</head>`),
          )
    return serveFile(request, {
      contentType: file.contentType,
      etag: file.etag,
      size: bytes.byteLength,
      cacheControl: 'no-cache',
      headers: PAGE_HEADERS,
      body: bytes,
    })
  }
  return [
    { method: 'GET', path: '/', handle: index },
    {
      method: 'GET',
      path: '/assets/:name',
      handle: async (request, params) => {
        const name = params.name ?? ''
        const file = await site.asset(name)
        if (file === undefined) {
          const error = new PorticoError('not_found', `No docs site asset ${name}`)
          return problemResponse(toProblemDocument(error, { dev: options.dev }))
        }
        // Scripts and styles shrink to a fifth gzipped; images and fonts are compressed already.
        const compress =
          /^(text\/|application\/json)/.test(file.contentType) && acceptsGzip(request)
        const body = compress ? file.gzipped() : file.bytes
        return serveFile(request, {
          contentType: file.contentType,
          etag: compress ? `${file.etag.slice(0, -1)}-gz"` : file.etag,
          size: body.byteLength,
          mtimeMs: file.mtimeMs,
          cacheControl: IMMUTABLE,
          headers: compress
            ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' }
            : { vary: 'Accept-Encoding' },
          body,
        })
      },
    },
    ...Object.entries(REDIRECTS).map(
      ([path, location]): Route => ({
        method: 'GET',
        path,
        handle: () => redirectResponse(location, 302, { 'cache-control': 'no-cache' }),
      }),
    ),
  ]
}

/** Whether the client takes gzip (RFC 9110 §12.5.3), `gzip;q=0` being a refusal. */
function acceptsGzip(request: Request): boolean {
  const header = request.headers.get('accept-encoding') ?? ''
  return header.split(',').some((coding) => {
    const [name, ...params] = coding.trim().toLowerCase().split(';')
    if (name !== 'gzip' && name !== '*') return false
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))
  })
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`)
}
