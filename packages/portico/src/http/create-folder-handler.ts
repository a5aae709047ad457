import { open, realpath, stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { Readable } from 'node:stream'
import { decodePublicPath, type PublicPath } from '../core/decode-public-path.js'
import { isPorticoError, PorticoError } from '../core/portico-error.js'
import { resolveSafePath, unlessMissing } from '../core/resolve-safe-path.js'
import { createEtag } from './conditional-request.js'
import { contentTypeFor } from './content-types.js'
import { redirectResponse } from './json-response.js'
import { problemResponse, toProblemDocument } from './problem-response.js'
import { serveFile } from './serve-file.js'

/** Options of {@link createFolderHandler}. */
export interface FolderOptions {
  /** Absolute path of the folder. It may be missing: then every path is 404. */
  rootDir: string
  /** Dev mode sends `Cache-Control: no-cache` and dev-mode problem documents. */
  dev: boolean
  /**
   * The URL path the folder is served under, without a trailing slash (`/widget-assets`);
   * default `''`, the root. A request outside it is 404.
   */
  mountPath?: string
  /** Further headers of every file answer (`Cross-Origin-Resource-Policy`, …). */
  headers?: Readonly<Record<string, string>>
}

const nosniff = { 'x-content-type-options': 'nosniff' } as const

/**
 * Creates a handler that serves a folder on GET and HEAD: the plugin's `public/` folder at the
 * root, and again under `/widget-assets`.
 *
 * - Each path segment is percent-decoded once; `..`, dot-files, encoded separators, drive
 *   letters and symlinks whose real path leaves the folder all answer 404 problem+json (never
 *   403, so nothing confirms a file exists). A malformed escape or a NUL byte answers 400.
 * - A directory serves its `index.html`; `/docs` redirects (301) to `/docs/` first.
 * - Files are streamed with a content type by extension, `nosniff`, a strong `ETag` from size
 *   and mtime, and `Last-Modified`; `If-None-Match` and `If-Modified-Since` give 304.
 * - `Cache-Control` is `public, max-age=0, must-revalidate` (dev: `no-cache`).
 *
 * Throws a `TypeError` at once when `rootDir` is not absolute.
 *
 * @example
 * import { createFolderHandler } from './http/create-folder-handler.js'
 *
 * const servePublic = createFolderHandler({ rootDir: '/srv/notes/public', dev: false })
 * app.on(['GET', 'HEAD'], '*', (c) => servePublic(c.req.raw))
 */
export function createFolderHandler(
  options: FolderOptions,
): (request: Request) => Promise<Response> {
  if (!isAbsolute(options.rootDir)) {
    throw new TypeError(`FolderOptions.rootDir must be absolute, got ${options.rootDir}`)
  }
  const mountPath = options.mountPath ?? ''
  const headers = options.headers ?? {}
  const cacheControl = options.dev ? 'no-cache' : 'public, max-age=0, must-revalidate'
  const problemOptions = { dev: options.dev }
  let realRoot: string | undefined

  async function findRealRoot(): Promise<string | undefined> {
    realRoot ??= await unlessMissing(realpath(options.rootDir))
    return realRoot
  }

  async function serve(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const notFound = () => new PorticoError('not_found', `No file at ${url.pathname}`)
    if (!url.pathname.startsWith(`${mountPath}/`)) throw notFound()
    const path = decodePublicPath(url.pathname.slice(mountPath.length))
    const root = await findRealRoot()
    if (root === undefined) throw notFound()
    const found = await findFile(root, path)
    if (found === undefined) throw notFound()
    if (found === 'redirect') {
      // No empty segment gets past decodePublicPath, so this never starts with `//`.
      return redirectResponse(`${url.pathname}/${url.search}`, 301, {
        'cache-control': cacheControl,
      })
    }
    const response = await sendFile(request, found, cacheControl, headers)
    if (response === undefined) throw notFound()
    return response
  }

  return async function serveFolderFile(request: Request): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const error = new PorticoError('method_not_allowed', `${request.method} is not allowed here`)
      return problemResponse(toProblemDocument(error, problemOptions), {
        ...nosniff,
        allow: 'GET, HEAD',
      })
    }
    try {
      return await serve(request)
    } catch (error) {
      // Anything else is a broken server: the app's error handler logs it and answers 500.
      if (!isPorticoError(error)) throw error
      return problemResponse(toProblemDocument(error, problemOptions), nosniff)
    }
  }
}

/** The real path of the file to send, `'redirect'` for a directory without its slash. */
async function findFile(root: string, path: PublicPath): Promise<string | 'redirect' | undefined> {
  const target = await resolveSafePath(root, path.segments)
  const stats = target === undefined ? undefined : await unlessMissing(stat(target))
  if (stats === undefined) return undefined
  if (stats.isFile()) return path.trailingSlash ? undefined : target
  if (!stats.isDirectory()) return undefined
  const index = await resolveSafePath(root, [...path.segments, 'index.html'])
  const indexStats = index === undefined ? undefined : await unlessMissing(stat(index))
  if (index === undefined || !indexStats?.isFile()) return undefined
  return path.trailingSlash ? index : 'redirect'
}

/**
 * Opens the file first and reads size and mtime from the open handle, so the headers describe
 * exactly the bytes streamed even if the file is replaced meanwhile. `undefined` if it vanished.
 */
async function sendFile(
  request: Request,
  filePath: string,
  cacheControl: string,
  headers: Readonly<Record<string, string>>,
): Promise<Response | undefined> {
  const handle = await unlessMissing(open(filePath, 'r'))
  if (handle === undefined) return undefined
  let streaming = false
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) return undefined
    return serveFile(request, {
      contentType: contentTypeFor(filePath),
      etag: createEtag(stats.size, stats.mtimeMs),
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      cacheControl,
      headers,
      body: () => {
        // The stream closes the handle when it ends, fails, or the client goes away (cancel).
        streaming = true
        const stream = handle.createReadStream({ start: 0, end: stats.size - 1 })
        // Node's web stream type and the DOM one are the same object at run time, not to tsc.
        return Readable.toWeb(stream) as ReadableStream<Uint8Array>
      },
    })
  } finally {
    if (!streaming) await handle.close()
  }
}
