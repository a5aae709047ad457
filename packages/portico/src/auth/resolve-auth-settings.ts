import type { ResolvedConfig } from '../config/config-types.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import {
  type AuthSettings,
  type AuthSettingsInput,
  DEFAULT_ALGORITHMS,
  PORTICO_HUB_AUDIENCE,
  PORTICO_HUB_ISSUER,
  PORTICO_HUB_SCOPE,
  porticoHubPluginAudience,
  USER_INFO_SCOPES,
} from './auth-settings.js'
import { AUTH_ENVIRONMENT, type EnvironmentAuthField } from './auth-settings-from-env.js'

/** RFC 6749 §3.3 scope-token characters; they also keep challenge headers well formed. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/**
 * Resolves the auth settings once at start from the config's `auth` mode and an input: the
 * `OAUTH_*` environment variables (`authSettingsFromEnv`, spec 5.2, 5.3) or the options of
 * `getAuthApp`; `undefined` in mode `anon`. Empty values count as unset. A missing or invalid
 * value throws a `PluginDefinitionError` naming its variable, whichever way it came.
 *
 * - `portico-hub`: fixed audience (or the plugin's own with `deploy.audience: 'plugin'`) and
 *   scope; only the issuer is honoured, every other set variable is reported through `warn`.
 * - `custom`: the issuer (kept exactly, trailing slash included) and the audience or the
 *   resource are required; the audience defaults to the resource.
 *
 * @example
 * import { authSettingsFromEnv } from './auth-settings-from-env.js'
 * import { resolveAuthSettings } from './resolve-auth-settings.js'
 * const input = authSettingsFromEnv(process.env)
 * const settings = resolveAuthSettings(config, input, (m) => logger.warn(m))
 */
export function resolveAuthSettings(
  config: ResolvedConfig,
  input: AuthSettingsInput,
  warn: (message: string) => void,
): AuthSettings | undefined {
  if (config.auth === 'anon') return undefined
  const extras = checkedExtras(input)
  if (config.auth === 'portico-hub') {
    if (config.deploy === undefined) {
      throw new PluginDefinitionError(
        { file: 'portico.config.ts', key: 'deploy' },
        'mode "portico-hub" requires deploy: { org, app }',
      )
    }
    const ignored = (Object.keys(AUTH_ENVIRONMENT) as EnvironmentAuthField[])
      .filter((field) => field !== 'issuer' && isSet(input[field]))
      .map((field) => AUTH_ENVIRONMENT[field])
      .sort()
    for (const name of ignored) {
      warn(`${name} is ignored in mode portico-hub (only OAUTH_ISSUER is honoured)`)
    }
    const { org, app } = config.deploy
    const ownAudience =
      config.deploy.audience === 'plugin' ? porticoHubPluginAudience(config.deploy) : undefined
    return completeAuthSettings(
      {
        mode: 'portico-hub',
        issuer: readUrl(input, 'issuer') ?? PORTICO_HUB_ISSUER,
        audience: ownAudience ?? PORTICO_HUB_AUDIENCE,
        requiredScopes: [PORTICO_HUB_SCOPE],
        ...(ownAudience === undefined ? {} : { loginResource: ownAudience }),
        deploy: { org, app },
      },
      extras,
    )
  }
  const issuer = readUrl(input, 'issuer')
  if (issuer === undefined) {
    throw inputError('issuer', 'is required in mode custom: the issuer URL tokens carry in "iss"')
  }
  const resource = readUrl(input, 'resource')
  if (resource !== undefined && new URL(resource).hash !== '') {
    throw inputError('resource', 'must not have a fragment (RFC 8707 §2)')
  }
  const audience = read(input, 'audience') ?? resource
  if (audience === undefined) {
    throw inputError(
      'audience',
      'or OAUTH_RESOURCE is required in mode custom: the audience tokens carry in "aud"',
    )
  }
  const requiredScopes = input.scopes ?? []
  if (!requiredScopes.every((scope) => SCOPE_TOKEN.test(scope))) {
    throw inputError('scopes', 'must be space-separated scopes of printable ASCII without " or \\')
  }
  const jwksUri = readUrl(input, 'jwksUri')
  const tokenUrl = readUrl(input, 'tokenUrl')
  const clientId = read(input, 'clientId')
  return completeAuthSettings(
    {
      mode: 'custom',
      issuer,
      audience,
      ...(resource === undefined ? {} : { resource }),
      requiredScopes: [...new Set(requiredScopes)],
      ...(jwksUri === undefined ? {} : { jwksUri }),
      ...(tokenUrl === undefined ? {} : { tokenUrl }),
      ...(clientId === undefined ? {} : { clientId }),
      ...(resource === undefined ? {} : { loginResource: resource }),
    },
    extras,
  )
}

/**
 * Whether the plugin relies on the local Portico hub at the default issuer: mode portico-hub
 * with no issuer given. `portico dev` then makes sure one answers.
 */
export function usesDefaultHub(config: ResolvedConfig, input: AuthSettingsInput): boolean {
  return config.auth === 'portico-hub' && read(input, 'issuer') === undefined
}

/** What code may add to settings that the environment cannot express (see `getAuthApp`). */
interface AuthSettingsExtras {
  algorithms?: string[]
  /** Advertised and asked for, on top of the required scopes and `profile email`. */
  additionalScopes?: string[]
}

/**
 * Completes settings with what every mode shares: the advertised scopes (required, additional,
 * then `profile email`), the algorithms and the clock tolerance. Unset optional keys come
 * left out rather than present as undefined (the type refuses undefined), so the settings print
 * cleanly.
 */
function completeAuthSettings(
  settings: Omit<AuthSettings, 'advertisedScopes' | 'algorithms' | 'clockToleranceSeconds'>,
  extras: AuthSettingsExtras = {},
): AuthSettings {
  const advertised = [
    ...settings.requiredScopes,
    ...(extras.additionalScopes ?? []),
    ...USER_INFO_SCOPES,
  ]
  return {
    ...settings,
    advertisedScopes: [...new Set(advertised)],
    algorithms: extras.algorithms ?? [...DEFAULT_ALGORITHMS],
    clockToleranceSeconds: 30,
  }
}

/** The settings only code can give, checked as the scopes of the environment are. */
function checkedExtras(input: AuthSettingsInput): AuthSettingsExtras {
  const { additionalScopes, algorithms } = input
  if (additionalScopes !== undefined && !additionalScopes.every((s) => SCOPE_TOKEN.test(s))) {
    throw new PluginDefinitionError(
      { file: 'getAuthApp', key: 'additionalScopes' },
      'additionalScopes must be scopes of printable ASCII without " or \\',
    )
  }
  return {
    ...(additionalScopes ? { additionalScopes } : {}),
    ...(algorithms ? { algorithms } : {}),
  }
}

function isSet(value: string | string[] | undefined): boolean {
  if (Array.isArray(value)) return value.some((item) => item.trim() !== '')
  return value !== undefined && value.trim() !== ''
}

function read(input: AuthSettingsInput, field: Exclude<EnvironmentAuthField, 'scopes'>) {
  const value = input[field]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function readUrl(input: AuthSettingsInput, field: 'issuer' | 'resource' | 'jwksUri' | 'tokenUrl') {
  const value = read(input, field)
  if (value === undefined) return undefined
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw inputError(field, `must be an http(s) URL, got "${value}"`)
  }
  return value
}

/** The same error whichever way the value came: named by its variable, as the docs name it. */
function inputError(field: EnvironmentAuthField, message: string): PluginDefinitionError {
  const name = AUTH_ENVIRONMENT[field]
  return new PluginDefinitionError({ file: 'environment', key: name }, `${name} ${message}`)
}
