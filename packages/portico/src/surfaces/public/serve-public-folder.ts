import type { Stats } from 'node:fs'
import { open, realpath, stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { Readable } from 'node:stream'
import { isPorticoError, PorticoError } from '../../core/portico-error.js'
import { createEtag } from '../../http/conditional-request.js'
import { contentTypeFor } from '../../http/content-types.js'
import { decodePublicPath, type PublicPath } from '../../http/decode-public-path.js'
import { redirectResponse } from '../../http/json-response.js'
import { problemResponse, toProblemDocument } from '../../http/problem-response.js'
import { isMissingError, resolveSafePath } from '../../http/resolve-safe-path.js'
import type { Route } from '../../http/route.js'
import { serveFile } from '../../http/serve-file.js'

/** Options of {@link createPublicFolderHandler}. */
export interface PublicFolderOptions {
  /** Absolute path of the plugin's `public/` folder. It may be missing: then every path is 404. */
  rootDir: string
  /** Dev mode sends `Cache-Control: no-cache` and dev-mode problem documents. */
  dev: boolean
}

const nosniff = { 'x-content-type-options': 'nosniff' } as const

/** The plugin's `public/` folder as the last route: it answers every GET no other route took. */
export function publicRoutes(options: PublicFolderOptions): Route[] {
  return [{ method: 'GET', path: '*', handle: createPublicFolderHandler(options) }]
}

/**
 * Creates the fall-through handler that serves a plugin's `public/` folder on GET and HEAD.
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
 * import { createPublicFolderHandler } from './surfaces/public/serve-public-folder.js'
 *
 * const servePublic = createPublicFolderHandler({ rootDir: '/srv/notes/public', dev: false })
 * app.on(['GET', 'HEAD'], '*', (c) => servePublic(c.req.raw))
 */
export function createPublicFolderHandler(
  options: PublicFolderOptions,
): (request: Request) => Promise<Response> {
  if (!isAbsolute(options.rootDir)) {
    throw new TypeError(`PublicFolderOptions.rootDir must be absolute, got ${options.rootDir}`)
  }
  const cacheControl = options.dev ? 'no-cache' : 'public, max-age=0, must-revalidate'
  const problemOptions = { dev: options.dev }
  let realRoot: string | undefined

  async function findRealRoot(): Promise<string | undefined> {
    if (realRoot === undefined) {
      try {
        realRoot = await realpath(options.rootDir)
      } catch (error) {
        if (isMissingError(error)) return undefined
        throw error
      }
    }
    return realRoot
  }

  async function serve(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const path = decodePublicPath(url.pathname)
    const notFound = () => new PorticoError('not_found', `No file at ${url.pathname}`)
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
    const response = await sendFile(request, found, cacheControl)
    if (response === undefined) throw notFound()
    return response
  }

  return async function servePublicFile(request: Request): Promise<Response> {
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
  const stats = target === undefined ? undefined : await statOrUndefined(target)
  if (stats === undefined) return undefined
  if (stats.isFile()) return path.trailingSlash ? undefined : target
  if (!stats.isDirectory()) return undefined
  const index = await resolveSafePath(root, [...path.segments, 'index.html'])
  const indexStats = index === undefined ? undefined : await statOrUndefined(index)
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
): Promise<Response | undefined> {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(filePath, 'r')
  } catch (error) {
    if (isMissingError(error)) return undefined
    throw error
  }
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

async function statOrUndefined(filePath: string): Promise<Stats | undefined> {
  try {
    return await stat(filePath)
  } catch (error) {
    if (isMissingError(error)) return undefined
    throw error
  }
}
