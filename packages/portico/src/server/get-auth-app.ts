import type { JWTPayload } from 'jose'
import {
  PORTICO_HUB_AUDIENCE,
  PORTICO_HUB_ISSUER,
  PORTICO_HUB_SCOPE,
  porticoHubPluginAudience,
} from '../auth/auth-settings.js'
import { createAuthGate } from '../auth/create-auth-gate.js'
import { completeAuthSettings } from '../auth/resolve-auth-settings.js'
import type { PorticoCaller } from '../core/plugin-context.js'
import type { LoadedPlugin } from '../plugin/loaded-plugin.js'
import { type AppOptions, createApp } from './create-app.js'

/**
 * The OAuth settings of {@link getAuthApp}: everything the `OAUTH_*` variables set, plus what
 * only code can say.
 */
export interface AuthAppOptions {
  /** Expected `iss`, exactly; `OAUTH_ISSUER`. Required in mode custom; mode portico-hub defaults it. */
  issuer?: string
  /** Expected `aud`; `OAUTH_AUDIENCE` (defaults to `resource`). */
  audience?: string
  /** Canonical resource URI (RFC 8707); `OAUTH_RESOURCE` (derived from each request's origin when unset). */
  resource?: string
  /** Required scopes; `OAUTH_SCOPE`. */
  scopes?: string[]
  /** Scopes advertised and asked for on top of the required ones and `profile email`. */
  additionalScopes?: string[]
  /** `OAUTH_JWKS_URI`; discovered from the issuer when unset. */
  jwksUri?: string
  /** `OAUTH_TOKEN_URL`; discovered when unset. */
  tokenUrl?: string
  /** `OAUTH_CLIENT_ID`: the pre-registered public client of the docs-site login. */
  clientId?: string
  /** Accepted JWS algorithms; default `RS256` and `ES256`. */
  algorithms?: string[]
  /** Maps verified claims to the context tools receive; default: `sub`, `email`, `name`, `picture`, `orgs`. */
  claimsToContext?: (claims: JWTPayload, token: string) => PorticoCaller
}

/**
 * The Fetch-API app of an authenticated plugin, for hosts that mount Portico themselves: OAuth
 * settings come from this object instead of the environment. The plugin's config chooses the
 * mode (`custom` or `portico-hub`). The docs-site login signs its cookie with
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
 *   claimsToContext: (claims, token) => ({ uid: String(claims.sub), email: '', orgs: [], avatar: { name: '', initials: '', picture: '' }, token }),
 * })
 * export default { fetch: app.fetch }
 */
export function getAuthApp(
  plugin: LoadedPlugin,
  oauth: AuthAppOptions,
  options: Omit<AppOptions, 'rootDir' | 'gate'> = { dev: false },
): ReturnType<typeof createApp> {
  const mode = plugin.runtime.model.config.auth
  if (mode === 'anon')
    throw new TypeError(
      'getAuthApp needs a plugin whose config sets auth to "custom" or "portico-hub"',
    )
  const hub = mode === 'portico-hub'
  const issuer = oauth.issuer ?? (hub ? PORTICO_HUB_ISSUER : undefined)
  if (!issuer) throw new TypeError('getAuthApp: issuer is required in mode custom')
  const { deploy } = plugin.runtime.model.config
  // As `resolveAuthSettings` does: the hub's shared audience unless the plugin asks for its own.
  const ownAudience =
    hub && deploy?.audience === 'plugin' ? porticoHubPluginAudience(deploy) : undefined
  const audience = hub ? (ownAudience ?? PORTICO_HUB_AUDIENCE) : (oauth.audience ?? oauth.resource)
  // What the docs-site login asks for: the plugin's own audience, or the resource.
  const loginResource = hub ? ownAudience : oauth.resource
  if (!audience) throw new TypeError('getAuthApp: audience or resource is required in mode custom')
  const settings = completeAuthSettings(
    {
      mode,
      issuer,
      audience,
      ...(oauth.resource ? { resource: oauth.resource } : {}),
      requiredScopes: hub ? [PORTICO_HUB_SCOPE] : (oauth.scopes ?? []),
      ...(oauth.jwksUri ? { jwksUri: oauth.jwksUri } : {}),
      ...(oauth.tokenUrl ? { tokenUrl: oauth.tokenUrl } : {}),
      ...(oauth.clientId ? { clientId: oauth.clientId } : {}),
      ...(hub && deploy ? { deploy: { org: deploy.org, app: deploy.app } } : {}),
      ...(loginResource ? { loginResource } : {}),
    },
    {
      ...(oauth.algorithms ? { algorithms: oauth.algorithms } : {}),
      ...(oauth.additionalScopes ? { additionalScopes: oauth.additionalScopes } : {}),
    },
  )
  const gate = createAuthGate(
    settings,
    oauth.claimsToContext ? { claimsToContext: oauth.claimsToContext } : {},
  )
  return createApp(plugin.runtime, { ...options, rootDir: plugin.rootDir, gate })
}
