import type { AuthSettings } from '../auth-settings.js'
import type { CookieSealer } from './create-cookie-sealer.js'
import type { LoginClient } from './create-login-client.js'
import type { UsedStates } from './create-used-states.js'

/** What the two login routes share, prepared once per app by `loginRoutes`. */
export interface LoginContext {
  settings: AuthSettings
  client: LoginClient
  sealer: CookieSealer
  usedStates: UsedStates
  /** The plugin's tool scopes (`@scope`): what a login may ask for beyond the plugin's own. */
  toolScopes: readonly string[]
  /** The public origin of a request, as the rest of the app names it. */
  originOf: (request: Request) => string
  /** `server.trustProxy`: whose `X-Request-Id` names a request in the log (see `requestIdOf`). */
  trustProxy: boolean
  /** The time, in epoch seconds. */
  now: () => number
}
