import { type Credentials, extractCredentials } from './extract-credentials.js'

/** The last characters a header is found by, before it is compared whole. */
const KEY_LENGTH = 32

/**
 * {@link extractCredentials} that remembers the headers it accepted: a client sends the same
 * `Authorization` on every call, and the token68 check reads each of a kilobyte of characters
 * (the costliest part of an authenticated call's admission). Found by the header's last
 * characters (part of the token's signature), then compared whole, as the verified-token cache
 * does: hashing a short key is much cheaper than hashing the header. At most `capacity` headers,
 * all forgotten when full; a refused header is never remembered, and read again each time.
 */
export function rememberCredentials(
  capacity = 1024,
): (authorization: string | null) => Readonly<Credentials> | undefined {
  const accepted = new Map<string, { authorization: string; credentials: Credentials }>()
  return (authorization) => {
    if (authorization === null) return undefined
    const key = authorization.slice(-KEY_LENGTH)
    const hit = accepted.get(key)
    if (hit?.authorization === authorization) return hit.credentials
    const credentials = extractCredentials(authorization)
    if (credentials === undefined) return undefined
    if (accepted.size >= capacity) accepted.clear()
    accepted.set(key, { authorization, credentials })
    return credentials
  }
}
