import type { Hono } from 'hono'
import type { JWTPayload } from 'jose'
import type { AuthSettingsInput } from '../auth/auth-settings.js'
import { createAuthGate } from '../auth/create-auth-gate.js'
import { resolveAuthSettings } from '../auth/resolve-auth-settings.js'
import { logger } from '../core/logger.js'
import type { PorticoCaller } from '../core/plugin-context.js'
import type { LoadedPlugin } from '../plugin/loaded-plugin.js'
import { type AppOptions, createApp } from './create-app.js'

/**
 * The OAuth settings of {@link getAuthApp}: everything the `OAUTH_*` variables set (each field
 * names its variable in `docs/config.md`), plus what only code can say. They are checked as the
 * variables are, and a bad one is refused with the same message.
 */
export interface AuthAppOptions extends AuthSettingsInput {
  /** Maps verified claims to the context tools receive; default: `sub`, `email`, `name`, `picture`, `orgs`. */
  claimsToContext?: (claims: JWTPayload, token: string) => PorticoCaller
}

/**
 * The Fetch-API app of an authenticated plugin, for hosts that mount Portico themselves: OAuth
 * settings come from this object instead of the environment, and are resolved and checked as
 * `OAUTH_*` are (a bad value throws the same `PluginDefinitionError`). The plugin's config
 * chooses the mode (`custom` or `portico-hub`). The docs-site login signs its cookie with
 * `options.login.cookieSecret`, a random secret per process by default: give every replica the
 * same one.
 *
 * @example
 * import { getAuthApp, loadBuiltPlugin } from 'portico/server'
 * const plugin = await loadBuiltPlugin('./my-plugin')
 * const app = getAuthApp(plugin, {
 *   issuer: 'https://login.example.com/',
 *   audience: 'api://my-plugin',
 *   scopes: ['notes.read'],
 *   claimsToContext: (claims, token) => ({ uid: String(claims.sub), email: '', orgs: [], avatar: { name: '', initials: '', picture: '' }, token, scopes: [] }),
 * })
 * export default { fetch: app.fetch }
 */
export function getAuthApp(
  plugin: LoadedPlugin,
  oauth: AuthAppOptions,
  options: Omit<AppOptions, 'rootDir' | 'gate'> = { dev: false },
): Hono {
  const { claimsToContext, ...input } = oauth
  const settings = resolveAuthSettings(plugin.runtime.model.config, input, (message) =>
    logger.warn(message),
  )
  if (settings === undefined) {
    throw new TypeError(
      'getAuthApp needs a plugin whose config sets auth to "custom" or "portico-hub"',
    )
  }
  const gate = createAuthGate(settings, claimsToContext ? { claimsToContext } : {})
  return createApp(plugin.runtime, { ...options, rootDir: plugin.rootDir, gate })
}
