import { lookup } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { isRefusedAddress } from './is-refused-address.js'

/**
 * A DNS lookup for `http(s).request` that refuses special-use addresses. The check runs on the
 * addresses the socket then connects to, so a DNS answer cannot change between the check and
 * the connection (DNS rebinding). A name with any refused address is refused as a whole.
 * `onRefused` learns the address first, to explain the failure.
 */
export function createGuardedLookup(
  allowLoopback: boolean,
  onRefused: (address: string) => void,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0)
        return
      }
      const refused = addresses.find(({ address }) => isRefusedAddress(address, allowLoopback))
      const [first] = addresses
      if (refused !== undefined || first === undefined) {
        if (refused !== undefined) onRefused(refused.address)
        const reason = refused === undefined ? 'no address' : 'a special-use address'
        callback(
          Object.assign(new Error(`${hostname} resolves to ${reason}`), { code: 'EREFUSED' }),
          '',
          0,
        )
        return
      }
      if (options.all) callback(null, addresses)
      else callback(null, first.address, first.family)
    })
  }
}
