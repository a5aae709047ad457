import { BlockList, isIP } from 'node:net'

/**
 * The special-use ranges of the IANA registries (RFC 6890 and its updates), plus multicast:
 * private networks, loopback, link-local (which holds cloud metadata services such as
 * 169.254.169.254), carrier-grade NAT, documentation and benchmarking ranges, IPv4-mapped and
 * translated IPv6. A client metadata document is never fetched from them (CIMD draft §6.5:
 * otherwise any client_id could make the hub probe the network it runs in). IPv4-mapped IPv6
 * addresses (::ffff:0:0/96) are matched against the IPv4 ranges by `BlockList` itself; listing
 * that range here would refuse every IPv4 address, since `BlockList` maps those the other way.
 */
const SPECIAL_USE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv6')
}

/** This machine's loopback interface (IPv4 rules also match the IPv4-mapped IPv6 forms). */
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/**
 * Whether the hub must not connect to `address` (an IP address, without brackets) to fetch a
 * client metadata document. Loopback is allowed when `allowLoopback` is set: only when the hub
 * itself runs on loopback, where the documents of local clients live (CIMD draft §6.5).
 */
export function isRefusedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address)
  if (family === 0) return true
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (allowLoopback && LOOPBACK.check(address, type)) return false
  return SPECIAL_USE.check(address, type)
}
