import type { ResolvedConfig } from '../config/config-types.js'

/**
 * The public origin (`scheme://host[:port]`) a request was made to: the configured public URL
 * when set; else the forwarded headers when a proxy is trusted; else the request URL itself.
 */
export function requestOrigin(
  request: Request,
  server: Pick<ResolvedConfig['server'], 'publicUrl' | 'trustProxy'>,
): string {
  if (server.publicUrl) return new URL(server.publicUrl).origin
  const url = new URL(request.url)
  if (server.trustProxy) {
    const proto = firstValue(request.headers.get('x-forwarded-proto'))
    const host = firstValue(request.headers.get('x-forwarded-host'))
    if (host && /^[a-z0-9.:[\]-]+$/i.test(host)) {
      return `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host}`
    }
    if (proto === 'https' || proto === 'http') return `${proto}://${url.host}`
  }
  return url.origin
}

/** Proxies append to these headers; the first value is the client-facing one. */
function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined
}
