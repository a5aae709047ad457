import type { IncomingMessage } from 'node:http'
import { isIPv6 } from 'node:net'

/**
 * The address a request comes from, as a rate-limit key. Behind the hub's TLS-terminating proxy
 * (`behindProxy`, when the issuer is https) it is the last `X-Forwarded-For` entry, the one the
 * proxy itself added: earlier ones are whatever the client sent. An IPv6 address counts by its
 * /64, which one host usually holds whole; an IPv4-mapped one as its IPv4 address.
 */
export function clientAddressOf(request: IncomingMessage, behindProxy: boolean): string {
  const forwarded = behindProxy ? request.headers['x-forwarded-for'] : undefined
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .at(-1)
  const address = (last ?? request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/i, '')
  return isIPv6(address) ? `${ipv6Groups(address).slice(0, 4).join(':')}::/64` : address
}

/** The eight groups of an IPv6 address, `::` expanded (no zone, no embedded IPv4). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('%', 1)[0]?.split('::') ?? []
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = Array.from({ length: Math.max(0, 8 - left.length - right.length) }, () => '0')
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
}
