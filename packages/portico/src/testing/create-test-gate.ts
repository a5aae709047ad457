import { DEFAULT_ALGORITHMS, USER_INFO_SCOPES } from '../auth/auth-settings.js'
import type { AuthGate } from '../auth/create-auth-gate.js'
import type { AuthMode } from '../config/config-types.js'
import type { PorticoCaller } from '../core/plugin-context.js'

/**
 * A gate that lets every request through as `caller`, checking no token: what the REST and MCP
 * requests of a test plugin in mode `portico-hub` or `custom` are served with, so that its
 * methods see a caller without an issuer to mint tokens. Never for a served plugin.
 */
export function createTestGate(mode: Exclude<AuthMode, 'anon'>, caller: PorticoCaller): AuthGate {
  return {
    // Read only by the metadata and login routes, which a test of tools does not call.
    settings: {
      mode,
      issuer: 'https://issuer.invalid/',
      requiredScopes: [],
      advertisedScopes: [...USER_INFO_SCOPES],
      algorithms: [...DEFAULT_ALGORITHMS],
      clockToleranceSeconds: 0,
    },
    check: async () => ({ ok: true, context: caller }),
  }
}
