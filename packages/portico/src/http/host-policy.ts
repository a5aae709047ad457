import type { AuthMode, ResolvedConfig } from '../config/config-types.js'
import { splitHost } from './host-origin-problems.js'

/**
 * Which `Host` and `Origin` values the tool-calling routes (`/api/*`, `/mcp*`) accept
 * (DNS-rebinding defence, as the 2025-11-25 MCP transport requires, applied to REST too), and
 * which host links and token audiences may name. `undefined` means "any".
 */
export interface HostPolicy {
  /** Hosts `Host` may name: `name` on any port, or `name:port` on that one. */
  allowedHosts?: string[]
  /** Hostnames of the pages that may call from a browser. */
  allowedOriginHostnames?: string[]
  /** Whole origins that may call from a browser besides those (`server.allowBrowserOrigins`). */
  allowedOrigins?: string[]
  /**
   * `server.trustProxy`: the nearest proxy's `X-Forwarded-Host` names the public host, so it
   * passes the same allowlist as `Host`.
   */
  trustProxy: boolean
  /**
   * The listener is on loopback, where no proxy or NAT sits between the client and the socket:
   * a loopback `Host` counts for links and audiences only with the port the request came in on.
   */
  loopback: boolean
}

/** Loopback interface and host names (IPv6 with or without brackets). */
export const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/

/** Loopback names as `Host` and `Origin` carry them (IPv6 in brackets). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** What {@link resolveHostPolicy} reads of the config. */
export interface HostPolicyConfig {
  auth: AuthMode
  server: Pick<
    ResolvedConfig['server'],
    'publicUrl' | 'trustProxy' | 'allowedHosts' | 'allowBrowserOrigins'
  >
}

/**
 * On loopback, only loopback names (and the configured hosts) reach the server, and only pages
 * served from them (or `server.allowBrowserOrigins`) may call it from a browser: a website the
 * developer visits cannot drive their local tools. On any other interface, the hosts are
 * `server.allowedHosts` plus the public URL's (any, with neither: see `hostPolicyWarning`). In
 * mode anon there, a browser page still needs to be the plugin's own or one of
 * `server.allowBrowserOrigins` (`'*'`: any): without a token to steal, a browser on the same
 * network is the easy victim. In the authenticated modes any page may call: authority travels
 * in bearer tokens, never cookies.
 */
export function resolveHostPolicy(config: HostPolicyConfig, listenHost: string): HostPolicy {
  const { server } = config
  const configured = [...server.allowedHosts]
  if (server.publicUrl) configured.push(new URL(server.publicUrl).hostname)
  const anyOrigin = server.allowBrowserOrigins.includes('*')
  const origins = anyOrigin ? {} : { allowedOrigins: [...server.allowBrowserOrigins] }
  const { trustProxy } = server
  if (LOOPBACK.test(listenHost)) {
    const hosts = [...LOOPBACK_NAMES, ...configured]
    return {
      allowedHosts: hosts,
      ...(anyOrigin ? {} : { allowedOriginHostnames: hosts.map(hostnameOf), ...origins }),
      trustProxy,
      loopback: true,
    }
  }
  const browsers =
    config.auth === 'anon' && !anyOrigin
      ? { allowedOriginHostnames: configured.map(hostnameOf), ...origins }
      : {}
  return {
    ...(configured.length > 0 ? { allowedHosts: configured } : {}),
    ...browsers,
    trustProxy,
    loopback: false,
  }
}

/** An allowed-host entry without its port: what an `Origin`'s hostname is compared with. */
function hostnameOf(entry: string): string {
  return splitHost(entry)?.hostname ?? entry
}

/**
 * A warning for the log when the policy accepts every host, else `undefined`: links then name
 * the listening address, and behind a trusted proxy links and token audiences follow whatever
 * host the proxy forwards.
 */
export function hostPolicyWarning(policy: HostPolicy): string | undefined {
  if (policy.loopback && policy.trustProxy && policy.allowedHosts?.every(isLoopbackName)) {
    return 'server.trustProxy is set but no public host is: a proxy may forward only loopback hosts, and tool calls naming any other are refused (403); set server.publicUrl or server.allowedHosts in portico.config.ts'
  }
  if (policy.allowedHosts) return undefined
  if (policy.trustProxy) {
    return 'REST and MCP accept any Host, and links and token audiences follow the X-Forwarded-Host the proxy passes on (the client chooses it): set server.publicUrl (or OAUTH_RESOURCE) or server.allowedHosts in portico.config.ts'
  }
  return 'REST and MCP accept any Host header, and links name the listening address: set server.publicUrl or server.allowedHosts in portico.config.ts to guard against DNS rebinding'
}

function isLoopbackName(host: string): boolean {
  return LOOPBACK_NAMES.includes(host)
}

/** Which browser pages may call the tools, for the start banner. */
export function browserCallersNote(policy: HostPolicy): string {
  if (!policy.allowedOriginHostnames) return 'Browsers: pages of any website may call the tools'
  const extra = policy.allowedOrigins ?? []
  const own = policy.loopback ? 'loopback pages' : "the plugin's own pages"
  return extra.length > 0
    ? `Browsers: only ${own} and ${extra.join(', ')} may call the tools (server.allowBrowserOrigins)`
    : `Browsers: only ${own} may call the tools; add others with server.allowBrowserOrigins`
}
