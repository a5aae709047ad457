import { hostProblem, splitHost } from './host-origin-problems.js'
import { type HostPolicy, LOOPBACK } from './host-policy.js'
import { memoizeVerdicts } from './memoize-verdicts.js'
import type { LinkHost } from './request-origin.js'

/** Listeners on every interface have no one name; the CLI shows them as `localhost` too. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', ''])

/**
 * The host (`name[:port]`) that absolute links, and the token audiences derived from them, may
 * name for a request: its host when the policy checks it and it passes, else the listener's own
 * name with the port the request came in on. A host is the client's to choose; the challenge,
 * `/open-api.json`, the documents and the accepted audiences never name one nobody checked.
 *
 * - A forwarded host (a trusted proxy's `X-Forwarded-Host`) passes the same allowlist, else
 *   links name the listener (never the `Host`, which a proxy copies from the same client); with
 *   no allowlist (beyond loopback, neither `server.publicUrl` nor `server.allowedHosts`), it is
 *   taken as the proxy gave it, and the CLI warns.
 * - A host counts only on the port the request came in on, where that is known for sure: behind
 *   a trusted proxy, the proxy's `X-Forwarded-Port` when it sends one; on a loopback listener,
 *   the connection's, for a loopback name. Another port is another server, whose tokens this
 *   one must not accept.
 */
export function createLinkHost(policy: HostPolicy, listenHost: string): LinkHost {
  const { allowedHosts, loopback } = policy
  const bare = WILDCARDS.has(listenHost) ? 'localhost' : listenHost
  const ownName = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare
  const judge = memoizeVerdicts((key) => {
    const [forwarded, localPort, host] = splitKey(key)
    const split = splitHost(host)
    // Without an allowlist a Host is nobody's word; a trusted proxy's forwarded host is.
    if (split !== undefined && (allowedHosts ? !hostProblem(host, allowedHosts) : forwarded)) {
      // The port the request came in on, where it is known for sure: the one a trusted proxy
      // wrote (`X-Forwarded-Port`), or the connection's for a loopback name on loopback, where
      // no NAT sits in between. A host on another port is another server.
      const portKnown =
        localPort !== '' && (forwarded || (loopback && LOOPBACK.test(split.hostname)))
      if (!portKnown || isSamePort(split.port, localPort)) return host
    }
    // As URL parsing gives it, so that `:80` on http reads as no port, as in an origin.
    const port = localPort || (split ? new URL(`http://${host}`).port : '')
    return port ? `${ownName}:${port}` : ownName
  })
  return (host, forwarded, localPort) => judge(`${forwarded ? 'f' : 'h'}${localPort ?? ''} ${host}`)
}

/** A host's port as written against the port a request came in on; none reads as 80 or 443. */
function isSamePort(written: string, local: string): boolean {
  return written === '' ? local === '80' || local === '443' : written === local
}

/** `f4321 host` / `h host`: whether forwarded, the local port, the host. */
function splitKey(key: string): [boolean, string, string] {
  const space = key.indexOf(' ')
  return [key.startsWith('f'), key.slice(1, space), key.slice(space + 1)]
}
