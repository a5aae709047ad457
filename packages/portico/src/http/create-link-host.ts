import { hostProblem, splitHost } from './host-origin-problems.js'
import { type HostPolicy, LOOPBACK } from './host-policy.js'
import type { LinkHost } from './request-origin.js'
import { memoizeVerdicts } from './verdict-cache.js'

/** Listeners on every interface have no one name; the CLI shows them as `localhost` too. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', ''])

/**
 * The host (`name[:port]`) that absolute links, and the token audiences derived from them, may
 * name for a request: its host when the policy checks it and it passes, else the listener's own
 * name with the port the request came in on. A host is the client's to choose; the challenge,
 * `/open-api.json`, the documents and the accepted audiences never name one nobody checked.
 *
 * - A forwarded host (a trusted proxy's `X-Forwarded-Host`) passes the same allowlist, else
 *   it names nothing (`undefined`, and the request's own host counts); with no allowlist
 *   (beyond loopback, neither `server.publicUrl` nor `server.allowedHosts`), it is taken as the
 *   proxy gave it, and the CLI warns.
 * - On loopback, a loopback `Host` counts only with the port the connection came in on: another
 *   port is another server, whose tokens this one must not accept.
 */
export function createLinkHost(policy: HostPolicy, listenHost: string): LinkHost {
  const { allowedHosts, loopback } = policy
  const bare = WILDCARDS.has(listenHost) ? 'localhost' : listenHost
  const ownName = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare
  const judge = memoizeVerdicts((key) => {
    const [forwarded, localPort, host] = splitKey(key)
    if (forwarded) return allowedHosts && hostProblem(host, allowedHosts) ? undefined : host
    const split = splitHost(host)
    if (allowedHosts && split && !hostProblem(host, allowedHosts)) {
      const samePort = !loopback || !LOOPBACK.test(split.hostname) || localPort === ''
      if (samePort || split.port === localPort) return host
    }
    // As URL parsing gives it, so that `:80` on http reads as no port, as in an origin.
    const port = localPort || (split ? new URL(`http://${host}`).port : '')
    return port ? `${ownName}:${port}` : ownName
  })
  return (host, forwarded, localPort) => judge(`${forwarded ? 'f' : 'h'}${localPort ?? ''} ${host}`)
}

/** `f4321 host` / `h host`: whether forwarded, the local port, the host. */
function splitKey(key: string): [boolean, string, string] {
  const space = key.indexOf(' ')
  return [key.startsWith('f'), key.slice(1, space), key.slice(space + 1)]
}
