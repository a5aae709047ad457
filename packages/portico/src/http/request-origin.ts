import type { ResolvedConfig } from '../config/config-types.js'

type OriginSettings = Pick<ResolvedConfig['server'], 'publicUrl' | 'trustProxy'>

/** The host links may name for a request's own host (see `createLinkHost`). */
export type LinkHost = (host: string) => string

/**
 * The public origin (`scheme://host[:port]`) a request was made to: the configured public URL
 * when set; else the forwarded headers when a proxy is trusted; else the request URL itself,
 * its host passed through `linkHost` when given.
 */
export function requestOrigin(
  request: Request,
  server: OriginSettings,
  linkHost?: LinkHost,
): string {
  return originOf(request.url, (name) => request.headers.get(name), server, linkHost)
}

/** {@link requestOrigin} for any runtime: an absolute request URL and a header getter. */
export function originOf(
  url: string,
  header: (name: string) => string | null | undefined,
  server: OriginSettings,
  linkHost: LinkHost = (host) => host,
): string {
  if (server.publicUrl) return new URL(server.publicUrl).origin
  const own = new URL(url)
  if (server.trustProxy) {
    const proto = firstValue(header('x-forwarded-proto'))
    const host = firstValue(header('x-forwarded-host'))
    if (host && /^[a-z0-9.:[\]-]+$/i.test(host)) {
      return `${proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1)}://${host}`
    }
    if (proto === 'https' || proto === 'http') return `${proto}://${linkHost(own.host)}`
  }
  return `${own.protocol}//${linkHost(own.host)}`
}

/** Proxies append to these headers; the first value is the client-facing one. */
function firstValue(header: string | null | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined
}
