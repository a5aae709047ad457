import { respond, withCors } from '../../http/cors.js'
import { memoizeByOrigin } from '../../http/memoize-by-origin.js'
import type { Route } from '../../http/route.js'
import type { PluginModel } from '../../model/plugin-model.js'
import type { AuthSettings } from '../auth-settings.js'
import { toolScopesOf } from '../tool-scopes-of.js'
import { buildClientMetadata } from './build-client-metadata.js'
import { createCookieSealer } from './create-cookie-sealer.js'
import { createFinishLogin } from './create-finish-login.js'
import { createLoginClient } from './create-login-client.js'
import { createStartLogin } from './create-start-login.js'
import { createUsedStates } from './create-used-states.js'
import { LOGIN_COOKIE_MAX_AGE_SECONDS } from './login-cookie.js'
import { CALLBACK_PATH, CLIENT_METADATA_PATH, LOGIN_PATH } from './login-paths.js'
import { MIN_COOKIE_SECRET_LENGTH } from './resolve-cookie-secret.js'

/** Options of {@link loginRoutes}. */
export interface LoginRoutesOptions {
  /**
   * Keys the login cookie's AES-256-GCM seal (through HKDF): at least 32 characters, the same
   * on every replica.
   */
  cookieSecret: string
  /** The public origin of a request (see `requestOrigin`). */
  originOf: (request: Request) => string
}

/** Authorization servers may cache the document for an hour (CIMD serving advice). */
const METADATA_HEADERS = withCors({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=3600',
})

/**
 * The docs-site login of an authenticated plugin (spec 4.7, 5.5): its client metadata document
 * (public, as authorization servers fetch it), `/oauth/login` and `/oauth/callback`.
 * A `cookieSecret` under 32 characters is a `TypeError`.
 */
export function loginRoutes(
  model: PluginModel,
  settings: AuthSettings,
  options: LoginRoutesOptions,
): Route[] {
  if (options.cookieSecret.length < MIN_COOKIE_SECRET_LENGTH) {
    throw new TypeError(
      `login.cookieSecret must be at least ${MIN_COOKIE_SECRET_LENGTH} characters long`,
    )
  }
  const { originOf } = options
  const toolScopes = toolScopesOf(model)
  const context = {
    settings,
    client: createLoginClient({
      issuer: settings.issuer,
      ...(settings.tokenUrl === undefined ? {} : { tokenUrl: settings.tokenUrl }),
    }),
    sealer: createCookieSealer(options.cookieSecret),
    usedStates: createUsedStates(LOGIN_COOKIE_MAX_AGE_SECONDS),
    toolScopes,
    originOf,
    trustProxy: model.config.server.trustProxy,
    now: () => Math.floor(Date.now() / 1000),
  }
  const metadataOf = memoizeByOrigin((origin) =>
    JSON.stringify(buildClientMetadata(model.identity.title, settings, origin, toolScopes)),
  )
  return [
    {
      method: 'GET',
      path: CLIENT_METADATA_PATH,
      handle: (request) => respond(metadataOf(originOf(request)), 200, METADATA_HEADERS),
    },
    { method: 'GET', path: LOGIN_PATH, handle: createStartLogin(context) },
    { method: 'GET', path: CALLBACK_PATH, handle: createFinishLogin(context) },
  ]
}
