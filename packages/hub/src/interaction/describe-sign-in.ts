import { isLoopbackHostname } from '../cimd/loopback-host.js'
import { SLUG_PATTERN } from '../hub-audience.js'
import type { HubUser } from '../hub-users.js'
import type { LoginPageModel } from '../pages/login-page.js'
import { type InteractionParams, requestedResources } from './grant-requested-access.js'

/** What the login page needs to know of the client. */
export interface SignInClient {
  clientId: string
  clientName: string | undefined
}

/**
 * The login page's account of a sign-in: what it signs in to (`portico_deploy` when it names
 * `<org>/<app>`, else the client), who the client is, where the browser returns, and for what.
 */
export function describeSignIn(
  uid: string,
  params: InteractionParams,
  client: SignInClient,
  users: readonly HubUser[],
): LoginPageModel {
  const clientUrl = /^https?:\/\//i.test(client.clientId) ? URL.parse(client.clientId) : null
  const clientHost = clientUrl?.host
  const redirect = typeof params.redirect_uri === 'string' ? URL.parse(params.redirect_uri) : null
  return {
    uid,
    signingInTo: deployOf(params) ?? client.clientName ?? clientHost ?? client.clientId,
    clientName: client.clientName,
    clientOrigin:
      clientHost === undefined
        ? `${client.clientId} (registered at this hub)`
        : `${clientHost} (its metadata document)`,
    redirectHost: redirect?.host ?? '(none)',
    redirectsToLoopback: redirect !== null && isLoopbackHostname(redirect.hostname),
    scopes: typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [],
    resources: requestedResources(params),
    users,
  }
}

/** `portico_deploy=<org>/<app>` when both are slugs; anything else is ignored. */
function deployOf(params: InteractionParams): string | undefined {
  const deploy = params.portico_deploy
  if (typeof deploy !== 'string') return undefined
  const [org = '', app = '', ...rest] = deploy.split('/')
  return rest.length === 0 && SLUG_PATTERN.test(org) && SLUG_PATTERN.test(app) ? deploy : undefined
}
