import { isLoopbackHostname } from '../cimd/loopback-host.js'
import { pluginOfResource, SLUG_PATTERN } from '../hub-audience.js'
import type { HubUser } from '../hub-users.js'
import type { LoginPageModel } from '../pages/render-login-page.js'
import { type InteractionParams, requestedResources } from './grant-requested-access.js'

/** What the login page needs to know of the client. */
export interface SignInClient {
  clientId: string
  clientName: string | undefined
  /**
   * The hub vouches for the client's name: the operator pre-registered it, or it is one of the
   * hub's own shared documents. Any other name is what the client says of itself.
   */
  nameVouched: boolean
}

/**
 * The login page's account of a sign-in: what it signs in to (see {@link headlineOf}), who the
 * client is, where the browser returns, and for what.
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
  const resources = requestedResources(params)
  return {
    uid,
    signingInTo: headlineOf(resources, params, client, clientHost),
    clientName: client.clientName,
    clientOrigin:
      clientHost === undefined
        ? `${client.clientId} (registered at this hub)`
        : `${clientHost} (its metadata document)`,
    redirectHost: redirect?.host ?? '(none)',
    redirectsToLoopback: redirect !== null && isLoopbackHostname(redirect.hostname),
    scopes: typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [],
    resources,
    users,
  }
}

/**
 * What the headline names, and whether the hub can vouch for it. Verified: the plugin of a
 * per-plugin resource (the token is good there alone, whoever asks), a name the hub vouches
 * for, the host a metadata document was fetched from, a client_id. Not verified, since any
 * client can send or register them: `portico_deploy` and a client's own name.
 */
function headlineOf(
  resources: string[],
  params: InteractionParams,
  client: SignInClient,
  clientHost: string | undefined,
): LoginPageModel['signingInTo'] {
  const [resource, ...others] = resources
  const plugin =
    resource === undefined || others.length > 0 ? undefined : pluginOfResource(resource)
  if (plugin !== undefined) return { name: plugin, verified: true }
  const deploy = deployOf(params)
  if (deploy !== undefined) return { name: deploy, verified: false }
  if (client.clientName !== undefined) {
    return { name: client.clientName, verified: client.nameVouched }
  }
  return { name: clientHost ?? client.clientId, verified: true }
}

/** `portico_deploy=<org>/<app>` when both are slugs; anything else is ignored. */
function deployOf(params: InteractionParams): string | undefined {
  const deploy = params.portico_deploy
  if (typeof deploy !== 'string') return undefined
  const [org = '', app = '', ...rest] = deploy.split('/')
  return rest.length === 0 && SLUG_PATTERN.test(org) && SLUG_PATTERN.test(app) ? deploy : undefined
}
