import type { ResolvedConfig } from '../config/config-types.js'
import { memoizeByOrigin } from './memoize-by-origin.js'

type OriginSettings = Pick<ResolvedConfig['server'], 'publicUrl' | 'trustProxy'>

/**
 * The host links may name for a request's host (see `createLinkHost`): `forwarded` when a
 * trusted proxy named it, `localPort` the port the request came in on, when known (the
 * connection's, or the proxy's `X-Forwarded-Port`).
 */
export type LinkHost = (host: string, forwarded: boolean, localPort?: number) => string

/** Characters a host (`name`, `1.2.3.4`, `[::1]`, with a port) may hold: nothing else passes. */
const HOST_CHARACTERS = /^[a-z0-9.:[\]-]+$/i

const SAME_HOST: LinkHost = (host) => host

/** Most origins remembered per link host; `Host` is the client's to choose (see memoizeByOrigin). */
const REMEMBERED_ORIGINS = 256

// Parsing a URL per request was the larger part of an authenticated call's admission: the
// origins of a server's few hosts are made once.
const publicOrigin = memoizeByOrigin((publicUrl) => new URL(publicUrl).origin)
const plainOrigins = new WeakMap<LinkHost, (key: string) => string>()

/**
 * The origin of a request without a trusted proxy: of its URL's scheme and host only, so
 * remembered by them (`<local port> <scheme>://<authority>`).
 */
function plainOrigin(url: string, linkHost: LinkHost, localPort: number | undefined): string {
  let origins = plainOrigins.get(linkHost)
  if (origins === undefined) {
    origins = memoizeByOrigin((key) => {
      const space = key.indexOf(' ')
      const port = key.slice(0, space)
      const own = new URL(key.slice(space + 1))
      return `${own.protocol}//${linkHost(own.host, false, port === '' ? undefined : Number(port))}`
    }, REMEMBERED_ORIGINS)
    plainOrigins.set(linkHost, origins)
  }
  return origins(`${localPort ?? ''} ${url.slice(0, authorityEnd(url))}`)
}

/** Where a URL's `scheme://authority` ends: at its path, query or fragment, or its end. */
function authorityEnd(url: string): number {
  const start = url.indexOf('//') + 2
  for (let i = start; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c === 0x2f || c === 0x3f || c === 0x23) return i
  }
  return url.length
}

/**
 * The public origin (`scheme://host[:port]`) a request was made to: the configured public URL
 * when set; else the forwarded headers when a proxy is trusted; else the request URL itself,
 * its host passed through `linkHost` when given.
 */
export function requestOrigin(
  request: Request,
  server: OriginSettings,
  linkHost?: LinkHost,
  localPort?: number,
): string {
  return originOf(request.url, (name) => request.headers.get(name), server, linkHost, localPort)
}

/**
 * {@link requestOrigin} for any runtime: an absolute request URL and a header getter. Behind a
 * trusted proxy, the values taken are the last of each forwarded header: the one the nearest
 * proxy wrote, since a client may send its own first.
 */
export function originOf(
  url: string,
  header: (name: string) => string | null | undefined,
  server: OriginSettings,
  linkHost: LinkHost = SAME_HOST,
  localPort?: number,
): string {
  if (server.publicUrl) return publicOrigin(server.publicUrl)
  if (server.trustProxy) {
    const own = new URL(url)
    const proto = lastForwardedValue(header('x-forwarded-proto'))
    const scheme = proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1)
    const host = lastForwardedValue(header('x-forwarded-host'))
    const port = Number(lastForwardedValue(header('x-forwarded-port'))) || undefined
    if (host && HOST_CHARACTERS.test(host)) return `${scheme}://${linkHost(host, true, port)}`
    return `${scheme}://${linkHost(own.host, false, localPort)}`
  }
  return plainOrigin(url, linkHost, localPort)
}

/**
 * The value the nearest proxy wrote of a forwarded header: proxies append theirs, so the last
 * one (a client can only put values in front of it).
 */
export function lastForwardedValue(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  const comma = header.lastIndexOf(',')
  return (comma === -1 ? header : header.slice(comma + 1)).trim() || undefined
}

/** Whether the public origin of a request is https: HSTS goes on such answers. */
export function isSecureOrigin(
  url: string,
  header: (name: string) => string | null | undefined,
  server: OriginSettings,
): boolean {
  if (server.publicUrl) return server.publicUrl.startsWith('https:')
  if (server.trustProxy) {
    const proto = lastForwardedValue(header('x-forwarded-proto'))
    if (proto === 'https' || proto === 'http') return proto === 'https'
  }
  return url.startsWith('https:')
}
