import { randomBytes } from 'node:crypto'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'

/** The variable that holds the secret sealing the login cookie. */
export const COOKIE_SECRET_VARIABLE = 'PORTICO_COOKIE_SECRET'

/** The shortest secret accepted: 32 characters, as many as an AES-256 key has bytes. */
export const MIN_COOKIE_SECRET_LENGTH = 32

/** Options of {@link resolveCookieSecret}. */
export interface ResolveCookieSecretOptions {
  /**
   * `portico dev`, or any single process that may seal with a secret of its own: a random one
   * when the variable is unset. Otherwise (`portico start`) the variable is required, since a
   * random secret breaks the logins under way at each restart and across replicas.
   */
  dev: boolean
}

/**
 * The secret that seals the docs-site login cookie, from `PORTICO_COOKIE_SECRET` (at least 32
 * characters). Unset: a random secret in dev, a `PluginDefinitionError` naming the variable
 * otherwise; set but short: a `PluginDefinitionError` in every mode.
 *
 * @example
 * import { resolveCookieSecret } from './resolve-cookie-secret.js'
 * const cookieSecret = resolveCookieSecret(process.env, { dev: true })
 */
export function resolveCookieSecret(
  env: Record<string, string | undefined>,
  options: ResolveCookieSecretOptions,
): string {
  const value = env[COOKIE_SECRET_VARIABLE]?.trim() ?? ''
  if (value === '') {
    if (options.dev) return createCookieSecret()
    throw secretError(
      'is required in modes portico-hub and custom: it signs the docs-site login cookie; set it to 32 random characters or more (openssl rand -base64 32), the same on every replica',
    )
  }
  if (value.length < MIN_COOKIE_SECRET_LENGTH) {
    throw secretError(
      `must be at least ${MIN_COOKIE_SECRET_LENGTH} characters long (got ${value.length})`,
    )
  }
  return value
}

/** A random secret for one process: 32 random bytes, base64url (43 characters). */
export function createCookieSecret(): string {
  return randomBytes(32).toString('base64url')
}

function secretError(message: string): PluginDefinitionError {
  return new PluginDefinitionError(
    { file: 'environment', key: COOKIE_SECRET_VARIABLE },
    `${COOKIE_SECRET_VARIABLE} ${message}`,
  )
}
