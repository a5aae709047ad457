import type { AuthSettingsInput } from './auth-settings.js'

/** The fields of {@link AuthSettingsInput} that an environment variable sets. */
export type EnvironmentAuthField = Exclude<
  keyof AuthSettingsInput,
  'additionalScopes' | 'algorithms'
>

/** The variable that sets each field; messages name a field by its variable, whatever set it. */
export const AUTH_ENVIRONMENT: { readonly [Field in EnvironmentAuthField]: string } = {
  issuer: 'OAUTH_ISSUER',
  audience: 'OAUTH_AUDIENCE',
  resource: 'OAUTH_RESOURCE',
  scopes: 'OAUTH_SCOPE',
  jwksUri: 'OAUTH_JWKS_URI',
  tokenUrl: 'OAUTH_TOKEN_URL',
  clientId: 'OAUTH_CLIENT_ID',
}

/**
 * The auth settings input of an environment: each `OAUTH_*` variable, trimmed, an empty one
 * counting as unset, `OAUTH_SCOPE` split at spaces. Reads, never checks: `resolveAuthSettings`
 * does that. Called once, at the edges (the CLI, the fetch handler).
 *
 * @example
 * import { authSettingsFromEnv } from './auth-settings-from-env.js'
 * const settings = resolveAuthSettings(config, authSettingsFromEnv(process.env), warn)
 */
export function authSettingsFromEnv(env: Record<string, string | undefined>): AuthSettingsInput {
  const input: AuthSettingsInput = {}
  for (const [field, name] of Object.entries(AUTH_ENVIRONMENT) as [
    EnvironmentAuthField,
    string,
  ][]) {
    const value = env[name]?.trim()
    if (value === undefined || value === '') continue
    if (field === 'scopes') input.scopes = value.split(/\s+/)
    else input[field] = value
  }
  return input
}
