import { hostProblem } from './host-origin-problems.js'
import type { HostPolicy } from './host-policy.js'
import { memoizeVerdicts } from './verdict-cache.js'

/** Listeners on every interface have no one name; the CLI shows them as `localhost` too. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', ''])

/**
 * The host (`name[:port]`) that absolute links may name for a request's `Host`: that `Host`
 * when the policy checks it and it passes, else the listener's own name with the request's
 * port. A `Host` is the client's to choose; the challenge, `/open-api.json` and the documents
 * never name one nobody checked. Beyond loopback with neither `server.publicUrl` nor
 * `server.allowedHosts`, that is the listener (and the CLI warns to set one of them).
 */
export function createLinkHost(policy: HostPolicy, listenHost: string): (host: string) => string {
  const { allowedHostnames } = policy
  const bare = WILDCARDS.has(listenHost) ? 'localhost' : listenHost
  const ownName = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare
  return memoizeVerdicts((host) => {
    if (allowedHostnames && !hostProblem(host, allowedHostnames)) return host
    let port = ''
    try {
      port = new URL(`http://${host}`).port
    } catch {
      // An unparsable Host names no port either.
    }
    return port ? `${ownName}:${port}` : ownName
  })
}
