import type { ResolvedConfig } from '../config/config-types.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import {
  type AuthSettings,
  DEFAULT_ALGORITHMS,
  PORTICO_HUB_AUDIENCE,
  PORTICO_HUB_ISSUER,
  PORTICO_HUB_SCOPE,
  porticoHubPluginAudience,
  USER_INFO_SCOPES,
} from './auth-settings.js'

type Env = Record<string, string | undefined>

/** RFC 6749 §3.3 scope-token characters; they also keep challenge headers well formed. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/**
 * Resolves the auth settings once at start from the config's `auth` mode and the `OAUTH_*`
 * environment variables (spec 5.2, 5.3); `undefined` in mode `anon`. Empty variables count as
 * unset. A missing or invalid variable throws a `PluginDefinitionError` naming it.
 *
 * - `portico-hub`: fixed audience (or the plugin's own with `deploy.audience: 'plugin'`) and
 *   scope; only `OAUTH_ISSUER` is honoured, every other set `OAUTH_*` variable is reported
 *   through `warn`.
 * - `custom`: `OAUTH_ISSUER` (kept exactly, trailing slash included) and `OAUTH_AUDIENCE` or
 *   `OAUTH_RESOURCE` are required; the audience defaults to the resource.
 *
 * @example
 * import { resolveAuthSettings } from './resolve-auth-settings.js'
 * const settings = resolveAuthSettings(config, process.env, (m) => logger.warn(m))
 */
export function resolveAuthSettings(
  config: ResolvedConfig,
  env: Env,
  warn: (message: string) => void,
): AuthSettings | undefined {
  if (config.auth === 'anon') return undefined
  if (config.auth === 'portico-hub') {
    if (config.deploy === undefined) {
      throw new PluginDefinitionError(
        { file: 'portico.config.ts', key: 'deploy' },
        'mode "portico-hub" requires deploy: { org, app }',
      )
    }
    for (const name of Object.keys(env).sort()) {
      if (name.startsWith('OAUTH_') && name !== 'OAUTH_ISSUER' && read(env, name) !== undefined) {
        warn(`${name} is ignored in mode portico-hub (only OAUTH_ISSUER is honoured)`)
      }
    }
    const { org, app } = config.deploy
    const ownAudience =
      config.deploy.audience === 'plugin' ? porticoHubPluginAudience(config.deploy) : undefined
    return completeAuthSettings({
      mode: 'portico-hub',
      issuer: readUrl(env, 'OAUTH_ISSUER') ?? PORTICO_HUB_ISSUER,
      audience: ownAudience ?? PORTICO_HUB_AUDIENCE,
      requiredScopes: [PORTICO_HUB_SCOPE],
      loginResource: ownAudience,
      deploy: { org, app },
    })
  }
  const issuer = readUrl(env, 'OAUTH_ISSUER')
  if (issuer === undefined) {
    throw envError(
      'OAUTH_ISSUER',
      'is required in mode custom: the issuer URL tokens carry in "iss"',
    )
  }
  const resource = readUrl(env, 'OAUTH_RESOURCE')
  if (resource !== undefined && new URL(resource).hash !== '') {
    throw envError('OAUTH_RESOURCE', 'must not have a fragment (RFC 8707 §2)')
  }
  const audience = read(env, 'OAUTH_AUDIENCE') ?? resource
  if (audience === undefined) {
    throw envError(
      'OAUTH_AUDIENCE',
      'or OAUTH_RESOURCE is required in mode custom: the audience tokens carry in "aud"',
    )
  }
  const requiredScopes = (read(env, 'OAUTH_SCOPE') ?? '').split(/\s+/).filter((s) => s !== '')
  const badScope = requiredScopes.find((s) => !SCOPE_TOKEN.test(s))
  if (badScope !== undefined) {
    throw envError(
      'OAUTH_SCOPE',
      'must be space-separated scopes of printable ASCII without " or \\',
    )
  }
  return completeAuthSettings({
    mode: 'custom',
    issuer,
    audience,
    resource,
    requiredScopes: [...new Set(requiredScopes)],
    jwksUri: readUrl(env, 'OAUTH_JWKS_URI'),
    tokenUrl: readUrl(env, 'OAUTH_TOKEN_URL'),
    clientId: read(env, 'OAUTH_CLIENT_ID'),
    loginResource: resource,
  })
}

/**
 * Whether the plugin relies on the local Portico hub at the default issuer: mode portico-hub
 * with `OAUTH_ISSUER` unset. `portico dev` then makes sure one answers.
 */
export function usesDefaultHub(config: ResolvedConfig, env: Env): boolean {
  return config.auth === 'portico-hub' && read(env, 'OAUTH_ISSUER') === undefined
}

/** What code may add to settings that the environment cannot express (see `getAuthApp`). */
export interface AuthSettingsExtras {
  algorithms?: string[]
  /** Advertised and asked for, on top of the required scopes and `profile email`. */
  additionalScopes?: string[]
}

/**
 * Completes settings with what every mode shares: the advertised scopes (required, additional,
 * then `profile email`), the algorithms and the clock tolerance.
 */
export function completeAuthSettings(
  settings: Omit<AuthSettings, 'advertisedScopes' | 'algorithms' | 'clockToleranceSeconds'>,
  extras: AuthSettingsExtras = {},
): AuthSettings {
  const advertised = [
    ...settings.requiredScopes,
    ...(extras.additionalScopes ?? []),
    ...USER_INFO_SCOPES,
  ]
  const result: AuthSettings = {
    ...settings,
    advertisedScopes: [...new Set(advertised)],
    algorithms: extras.algorithms ?? [...DEFAULT_ALGORITHMS],
    clockToleranceSeconds: 30,
  }
  // Leave unset optional keys out rather than present as undefined, so the settings print cleanly.
  for (const key of Object.keys(result) as (keyof AuthSettings)[]) {
    if (result[key] === undefined) delete result[key]
  }
  return result
}

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function readUrl(env: Env, name: string): string | undefined {
  const value = read(env, name)
  if (value === undefined) return undefined
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw envError(name, `must be an http(s) URL, got "${value}"`)
  }
  return value
}

function envError(name: string, message: string): PluginDefinitionError {
  return new PluginDefinitionError({ file: 'environment', key: name }, `${name} ${message}`)
}
