import { type Credentials, extractCredentials } from './extract-credentials.js'
import { tailKeyOf } from './tail-key.js'

/**
 * {@link extractCredentials} that remembers the headers it accepted: a client sends the same
 * `Authorization` on every call, and the token68 check reads each of a kilobyte of characters
 * (the costliest part of an authenticated call's admission). Found by {@link tailKeyOf}, then
 * compared whole, as the verified-token cache does. At most `capacity` headers,
 * all forgotten when full; a refused header is never remembered, and read again each time.
 */
export function rememberCredentials(
  capacity = 1024,
): (authorization: string | null) => Readonly<Credentials> | undefined {
  const accepted = new Map<string, { authorization: string; credentials: Credentials }>()
  return (authorization) => {
    if (authorization === null) return undefined
    const key = tailKeyOf(authorization)
    const hit = accepted.get(key)
    if (hit?.authorization === authorization) return hit.credentials
    const credentials = extractCredentials(authorization)
    if (credentials === undefined) return undefined
    if (accepted.size >= capacity) accepted.clear()
    accepted.set(key, { authorization, credentials })
    return credentials
  }
}
