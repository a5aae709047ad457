import type { AuthInfo } from '@modelcontextprotocol/server'
import type { PorticoCaller } from '../../../core/plugin-context.js'

/** Where the caller rides through the SDK, in `authInfo.extra`. */
const CALLER_KEY = 'portico.context'

/**
 * The caller of one request as the SDK's `authInfo`: the SDK passes it to the server factory
 * of the 2026-07-28 handler and, per request, to every request handler as `ctx.http.authInfo`
 * (how a stateful session's server, built once, learns who sent each request).
 */
export function toAuthInfo(caller: PorticoCaller): AuthInfo {
  return { token: caller.token, clientId: '', scopes: [], extra: { [CALLER_KEY]: caller } }
}

/** The caller {@link toAuthInfo} put in an `authInfo`, if any. */
export function callerFromAuthInfo(authInfo: AuthInfo | undefined): PorticoCaller | undefined {
  return authInfo?.extra?.[CALLER_KEY] as PorticoCaller | undefined
}
