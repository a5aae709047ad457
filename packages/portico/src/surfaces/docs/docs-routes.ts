import { randomBytes } from 'node:crypto'
import { PorticoError } from '../../core/portico-error.js'
import { redirectResponse } from '../../http/json-response.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import type { Route } from '../../http/route.js'
import { serveFile } from '../../http/serve-file.js'
import { createSiteFiles, type SiteFile, type SiteFiles } from './site-files.js'

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
 * What the built page names as the nonce of each script, preload and style tag
 * (`packages/docs-ui/vite.config.ts`, `html.cspNonce`); each answer puts a fresh one there.
 */
const NONCE_PLACEHOLDER = 'PORTICO_CSP_NONCE'

/**
 * The headers of the index page: a policy that runs only the scripts this answer names by its
 * nonce (and the modules they import, which inherit it) and talks only to this origin (images may
 * come from the plugin's icon URLs), never framed by another site. Not `script-src 'self'`: that
 * would admit any file of the origin, a plugin's `public/*.js` too, into the page that holds the
 * access token, should author text ever slip markup into it.
 */
function pageHeaders(nonce: string): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'nonce-${nonce}'`,
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
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The docs site: `/` (the single-page app, sent anew on each load with a fresh script nonce),
 * `/assets/<name>` (its hashed files, cached for a year; the site owns `/assets/`) and the redirects of the spec's
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

  // The page as text with the login meta in, made once per file read (the site never changes).
  let template: { file: SiteFile; text: string } | undefined
  const index = async (request: Request) => {
    const file = await site.index()
    if (file === undefined) return notBuilt()
    if (template?.file !== file) {
      const text = new TextDecoder().decode(file.bytes)
      template = {
        file,
        text: loginMeta === undefined ? text : text.replace('</head>', `${loginMeta}</head>`),
      }
    }
    // A fresh nonce per answer, so no ETag: a 304 would pair the new policy with an old page.
    const nonce = randomBytes(18).toString('base64')
    const bytes = new TextEncoder().encode(template.text.replaceAll(NONCE_PLACEHOLDER, nonce))
    return serveFile(request, {
      contentType: file.contentType,
      size: bytes.byteLength,
      cacheControl: 'no-cache',
      headers: pageHeaders(nonce),
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
