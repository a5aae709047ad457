import { isIPv4, isIPv6 } from 'node:net'

/**
 * Whether a URL's `hostname` names this machine's loopback interface: `localhost` (and its
 * subdomains, RFC 6761 §6.3), an address in 127.0.0.0/8, or `[::1]`.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true
  return isIPv4(host) && host.startsWith('127.')
}

/**
 * Whether a listen address (`host` of `startHub`, `--host`) is this machine's loopback only:
 * `localhost`, 127.0.0.0/8 or `::1` (bracketed or not, or IPv4-mapped). `0.0.0.0`, `::` and
 * every other address reach beyond it.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (address === 'localhost' || address === '::1') return true
  const v4 = isIPv6(address) ? address.replace(/^::ffff:/, '') : address
  return isIPv4(v4) && v4.startsWith('127.')
}
