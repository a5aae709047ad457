import type { MiddlewareHandler } from 'hono'
import type { ResolvedConfig } from '../config/config-types.js'
import { isSecureOrigin } from './request-origin.js'

type OriginSettings = Pick<ResolvedConfig['server'], 'publicUrl' | 'trustProxy'>

/** Two years, subdomains left alone: a plugin does not speak for its parent domain's hosts. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000'

/** What an answer's content may depend on behind a trusted proxy, besides its URL. */
const FORWARDED_VARY = 'X-Forwarded-Host, X-Forwarded-Proto'

/**
 * The headers an answer owes to the origin it was asked on, or `undefined` when the settings
 * never call for any (plain http without a trusted proxy: the usual local case, which then pays
 * nothing): `Strict-Transport-Security` when the public origin is https (RFC 6797; the
 * browser's way to never try plain http again), and, on reads while the origin follows a
 * trusted proxy's headers (no `publicUrl`), `Vary` on them, so that no shared cache serves one
 * host's links to another.
 */
export function createOriginHeaders(
  server: OriginSettings,
):
  | ((
      url: string,
      method: string,
      header: (name: string) => string | null | undefined,
    ) => Record<string, string> | undefined)
  | undefined {
  if (!server.trustProxy && !server.publicUrl?.startsWith('https:')) return undefined
  const varies = server.trustProxy && server.publicUrl === undefined
  return (url, method, header) => {
    const secure = isSecureOrigin(url, header, server)
    const read = varies && (method === 'GET' || method === 'HEAD')
    if (!secure && !read) return undefined
    return {
      ...(secure ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
      ...(read ? { vary: FORWARDED_VARY } : {}),
    }
  }
}

/** {@link createOriginHeaders} as app middleware; `undefined` when there is nothing to add. */
export function originHeadersMiddleware(server: OriginSettings): MiddlewareHandler | undefined {
  const headersOf = createOriginHeaders(server)
  if (!headersOf) return undefined
  return async (c, next) => {
    await next()
    const headers = headersOf(c.req.url, c.req.method, (name) => c.req.header(name))
    if (!headers) return
    try {
      setAll(c.res.headers, headers)
    } catch {
      // A response with immutable headers (a redirect, a fetched one): copy it once.
      c.res = new Response(c.res.body, c.res)
      setAll(c.res.headers, headers)
    }
  }
}

function setAll(target: Headers, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'vary') target.append(name, value)
    else target.set(name, value)
  }
}
