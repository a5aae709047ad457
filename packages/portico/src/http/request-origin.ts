import type { ResolvedConfig } from '../config/config-types.js'

type OriginSettings = Pick<ResolvedConfig['server'], 'publicUrl' | 'trustProxy'>

/**
 * The public origin (`scheme://host[:port]`) a request was made to: the configured public URL
 * when set; else the forwarded headers when a proxy is trusted; else the request URL itself.
 */
export function requestOrigin(request: Request, server: OriginSettings): string {
  return originOf(request.url, (name) => request.headers.get(name), server)
}

/** {@link requestOrigin} for any runtime: an absolute request URL and a header getter. */
export function originOf(
  url: string,
  header: (name: string) => string | null | undefined,
  server: OriginSettings,
): string {
  if (server.publicUrl) return new URL(server.publicUrl).origin
  const own = new URL(url)
  if (server.trustProxy) {
    const proto = firstValue(header('x-forwarded-proto'))
    const host = firstValue(header('x-forwarded-host'))
    if (host && /^[a-z0-9.:[\]-]+$/i.test(host)) {
      return `${proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1)}://${host}`
    }
    if (proto === 'https' || proto === 'http') return `${proto}://${own.host}`
  }
  return own.origin
}

/** Proxies append to these headers; the first value is the client-facing one. */
function firstValue(header: string | null | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined
}
