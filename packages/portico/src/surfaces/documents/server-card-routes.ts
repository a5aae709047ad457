import { createContentEtag } from '../../http/conditional-request.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import { pathnameOf } from '../../http/pathname-of.js'
import type { Route } from '../../http/route.js'
import { serveFile } from '../../http/serve-file.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { buildServerCards, SERVER_CARD_TYPE } from './build-server-card.js'

/** The site-wide alias of the main server's card, which the issue asks for beside `/mcp/server-card`. */
export const WELL_KNOWN_SERVER_CARD = '/.well-known/mcp/server-card.json'

/** Options of {@link serverCardRoutes}. */
export interface ServerCardRoutesOptions {
  /** The public origin of a request: a card names its server's absolute URL. */
  originOf(request: Request): string
}

interface CardFile {
  bytes: Uint8Array
  etag: string
}

/**
 * `GET <mcp-url>/server-card` for each hosted MCP server (`/mcp/server-card`,
 * `/mcp/<server>/server-card`) and `/.well-known/mcp/server-card.json` for the main one. Listed
 * before the MCP routes, since `/mcp/:server` would take `/mcp/server-card` for a server's name.
 * A path that names no card goes on to the next route.
 */
export function serverCardRoutes(model: PluginModel, options: ServerCardRoutesOptions): Route[] {
  const cardsFor = memoizeByOrigin((origin) => {
    const files = new Map<string, CardFile>()
    for (const { path, server, card } of buildServerCards(model, origin)) {
      const bytes = new TextEncoder().encode(`${JSON.stringify(card, null, 2)}\n`)
      const file = { bytes, etag: createContentEtag(bytes) }
      files.set(path, file)
      if (server === '') files.set(WELL_KNOWN_SERVER_CARD, file)
    }
    return files
  })
  const handle = (request: Request): Response | undefined => {
    const file = cardsFor(options.originOf(request)).get(pathnameOf(request.url))
    if (!file) return undefined
    return serveFile(request, {
      contentType: SERVER_CARD_TYPE,
      etag: file.etag,
      size: file.bytes.byteLength,
      cacheControl: 'public, max-age=3600',
      body: file.bytes,
    })
  }
  return [
    { method: 'GET', path: '/mcp/server-card', handle },
    { method: 'GET', path: '/mcp/:server/server-card', handle },
    { method: 'GET', path: WELL_KNOWN_SERVER_CARD, handle },
  ]
}
