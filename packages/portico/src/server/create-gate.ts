import { type AuthGate, createAuthGate } from '../auth/create-auth-gate.js'
import { resolveAuthSettings } from '../auth/resolve-auth-settings.js'
import { logger } from '../core/logger.js'
import type { PluginModel } from '../model/plugin-model.js'

/** The auth gate of a plugin from its config and this process's environment; none in mode anon. */
export function createGateFromEnvironment(model: PluginModel): AuthGate | undefined {
  const settings = resolveAuthSettings(model.config, process.env, (message) => logger.warn(message))
  return settings ? createAuthGate(settings) : undefined
}
