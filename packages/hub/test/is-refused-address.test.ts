import { describe, expect, it } from 'vitest'
import { isRefusedAddress } from '../src/cimd/is-refused-address.js'

describe('isRefusedAddress', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:10.1.2.3',
    '::ffff:a01:203',
    '64:ff9b::a01:203',
    '2001:db8::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address, false)).toBe(true)
  })

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '2606:4700::6810:84e5',
    '2a00:1450::1',
  ])('allows the public address %s', (address) => {
    expect(isRefusedAddress(address, false)).toBe(false)
  })

  it('allows loopback, and only loopback, when the hub runs on loopback', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isRefusedAddress(address, true)).toBe(false)
    }
    for (const address of ['10.1.2.3', '169.254.169.254', 'fe80::1', '::']) {
      expect(isRefusedAddress(address, true)).toBe(true)
    }
  })
})
