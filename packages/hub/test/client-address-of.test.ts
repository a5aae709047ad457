import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddressOf } from '../src/server/client-address-of.js'

/** A request as `clientAddressOf` reads it: the socket's address and the headers. */
function requestFrom(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage
}

describe('clientAddressOf', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(clientAddressOf(requestFrom('203.0.113.7'), false)).toBe('203.0.113.7')
    expect(clientAddressOf(requestFrom('::ffff:203.0.113.7'), false)).toBe('203.0.113.7')
    expect(clientAddressOf(requestFrom('2001:db8:0:1:aaaa::1'), false)).toBe('2001:db8:0:1::/64')
    expect(clientAddressOf(requestFrom('2001:db8::1:2:3:4'), false)).toBe('2001:db8:0:0::/64')
    expect(clientAddressOf(requestFrom('::1'), false)).toBe('0:0:0:0::/64')
  })

  it('reads X-Forwarded-For only behind the proxy, and only the entry the proxy added', () => {
    const request = requestFrom('10.0.0.2', '198.51.100.1, 203.0.113.9')
    expect(clientAddressOf(request, false)).toBe('10.0.0.2')
    expect(clientAddressOf(request, true)).toBe('203.0.113.9')
    expect(clientAddressOf(requestFrom('10.0.0.2'), true)).toBe('10.0.0.2')
  })
})
