import { lastForwardedValue } from './request-origin.js'

/** The peer address of each request a Node adapter handed over, while the request lives. */
const peerAddresses = new WeakMap<Request, string>()

/**
 * Remembers the address a request's connection came from, from the bindings
 * `@hono/node-server` passes with it (`{ incoming }`); other runtimes pass none.
 */
export function rememberClientAddress(request: Request, bindings: unknown): void {
  const address = (bindings as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress
  if (address !== undefined) peerAddresses.set(request, address)
}

/**
 * The address a request comes from, as a key to count a client's share by: behind a trusted
 * proxy (`server.trustProxy`) the last `X-Forwarded-For` entry, the one the nearest proxy wrote
 * (a client can only put entries in front of it), as the host policy reads the forwarded host;
 * else the connection's peer. An IPv4-mapped address counts as its IPv4 address, an IPv6 one by
 * its /64, which one host usually holds whole. `undefined` when the runtime did not tell.
 */
export function clientAddressOf(request: Request, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy
    ? lastForwardedValue(request.headers.get('x-forwarded-for'))
    : undefined
  const address = (forwarded ?? peerAddresses.get(request))?.replace(/^::ffff:/i, '')
  if (address === undefined) return undefined
  return address.includes(':') ? `${ipv6Groups(address).slice(0, 4).join(':')}::/64` : address
}

/** The eight groups of an IPv6 address, `::` expanded (no zone). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = (address.split('%', 1)[0] ?? '').split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0')
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}
