import { localhostAllowedHostnames, localhostAllowedOrigins } from '@modelcontextprotocol/server'
import type { ResolvedConfig } from '../config/config-types.js'

/**
 * Which `Host` and `Origin` values the MCP endpoints accept (DNS-rebinding defence, as the
 * 2025-11-25 transport requires). `undefined` means "any".
 */
export interface HostPolicy {
  allowedHostnames?: string[]
  allowedOriginHostnames?: string[]
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/

/**
 * On loopback, only loopback names reach the server, and only pages served from loopback may
 * call it from a browser: a website the developer visits cannot drive their local tools. On any
 * other interface, the hosts come from `server.publicUrl` (when set); browsers of any origin may
 * call, since authority travels in bearer tokens, never cookies.
 */
export function resolveHostPolicy(
  server: ResolvedConfig['server'],
  listenHost: string,
): HostPolicy {
  const publicHost = server.publicUrl ? new URL(server.publicUrl).hostname : undefined
  const extra = publicHost ? [publicHost] : []
  if (LOOPBACK.test(listenHost)) {
    return {
      allowedHostnames: [...localhostAllowedHostnames(), ...extra],
      allowedOriginHostnames: [...localhostAllowedOrigins(), ...extra],
    }
  }
  return publicHost ? { allowedHostnames: extra } : {}
}
