import type { ResolvedConfig } from '../config/config-types.js'

/**
 * Which `Host` and `Origin` values the tool-calling routes (`/api/*`, `/mcp*`) accept
 * (DNS-rebinding defence, as the 2025-11-25 MCP transport requires, applied to REST too), and
 * which `Host` links may name. `undefined` means "any".
 */
export interface HostPolicy {
  allowedHostnames?: string[]
  allowedOriginHostnames?: string[]
}

/** Loopback interface and host names (IPv6 with or without brackets). */
export const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/

/** Loopback names as `Host` and `Origin` carry them (IPv6 in brackets). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * On loopback, only loopback names (and the configured hosts) reach the server, and only pages
 * served from them may call it from a browser: a website the developer visits cannot drive
 * their local tools. On any other interface, the hosts are `server.allowedHosts` plus the
 * public URL's; browsers of any origin may call, since authority travels in bearer tokens,
 * never cookies. With neither configured there, every host is accepted (see `hostPolicyWarning`).
 */
export function resolveHostPolicy(
  server: ResolvedConfig['server'],
  listenHost: string,
): HostPolicy {
  const configured = [...server.allowedHosts]
  if (server.publicUrl) configured.push(new URL(server.publicUrl).hostname)
  if (LOOPBACK.test(listenHost)) {
    return {
      allowedHostnames: [...LOOPBACK_NAMES, ...configured],
      allowedOriginHostnames: [...LOOPBACK_NAMES, ...configured],
    }
  }
  return configured.length > 0 ? { allowedHostnames: configured } : {}
}

/** A warning for the log when the policy accepts every host, else `undefined`. */
export function hostPolicyWarning(policy: HostPolicy): string | undefined {
  if (policy.allowedHostnames) return undefined
  return 'REST and MCP accept any Host header, and links name the listening address: set server.publicUrl or server.allowedHosts in portico.config.ts to guard against DNS rebinding'
}
