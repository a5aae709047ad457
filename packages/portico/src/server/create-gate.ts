import type { AuthSettingsInput } from '../auth/auth-settings.js'
import { PORTICO_HUB_ISSUER } from '../auth/auth-settings.js'
import { checkIssuer } from '../auth/check-issuer.js'
import { type AuthGate, createAuthGate } from '../auth/create-auth-gate.js'
import { resolveAuthSettings } from '../auth/resolve-auth-settings.js'
import { logger } from '../core/logger.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { LOOPBACK } from '../http/host-policy.js'
import type { PluginModel } from '../model/plugin-model.js'

/** Options of {@link createGate}. */
export interface GateOptions {
  /** The interface the server listens on; loopback when not given. */
  listenHost?: string
}

/**
 * The auth gate of a plugin from its config and the auth settings input of the environment
 * (`authSettingsFromEnv`, read by the caller at the edge); none in mode anon.
 * Mode `portico-hub` without `OAUTH_ISSUER` trusts `http://localhost:4400`, i.e. whatever binds
 * that port: acceptable on loopback for a developer, refused on any other interface. The issuer
 * is checked in the background, and a warning says what is wrong.
 */
export function createGate(
  model: PluginModel,
  input: AuthSettingsInput,
  options: GateOptions = {},
): AuthGate | undefined {
  const settings = resolveAuthSettings(model.config, input, (message) => logger.warn(message))
  if (!settings) return undefined
  const { listenHost } = options
  if (
    settings.mode === 'portico-hub' &&
    settings.issuer === PORTICO_HUB_ISSUER &&
    listenHost !== undefined &&
    !LOOPBACK.test(listenHost)
  ) {
    throw new PluginDefinitionError(
      { file: 'environment', key: 'OAUTH_ISSUER' },
      `OAUTH_ISSUER is required in mode portico-hub when listening on ${listenHost}: the default, ${PORTICO_HUB_ISSUER}, trusts whatever process binds that port`,
    )
  }
  void checkIssuer(settings, (message) => logger.warn(message))
  return createAuthGate(settings)
}
