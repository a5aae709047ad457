import { isIPv4 } from 'node:net'

/**
 * Whether a URL's `hostname` names this machine's loopback interface: `localhost` (and its
 * subdomains, RFC 6761 §6.3), an address in 127.0.0.0/8, or `[::1]`.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true
  return isIPv4(host) && host.startsWith('127.')
}
