import type Provider from 'oidc-provider'
import { PORTICO_HUB_AUDIENCE, RESOURCE_SCOPE } from '../hub-audience.js'
import { HUB_SCOPES } from '../provider/hub-claims.js'

/** An authorization request's parameters, as oidc-provider keeps them in the interaction. */
export type InteractionParams = Record<string, unknown>

const OIDC_SCOPES = new Set(HUB_SCOPES)
const RESOURCE_SCOPES = new Set(RESOURCE_SCOPE.split(' '))

/**
 * Creates the grant of a sign-in: everything the request asked for that the hub offers, with
 * no separate consent step (the person signing in is a developer testing their own app). It
 * holds the requested OpenID scopes, and for each requested resource (or the default one) the
 * requested scopes that resource issues. Returns the grant's id.
 */
export async function grantRequestedAccess(
  provider: Provider,
  params: InteractionParams,
  accountId: string,
): Promise<string> {
  const clientId = String(params.client_id)
  const requested = typeof params.scope === 'string' ? params.scope.split(' ') : []
  const grant = new provider.Grant({ accountId, clientId })
  const oidcScopes = requested.filter((scope) => OIDC_SCOPES.has(scope))
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '))
  const resourceScopes = requested.filter((scope) => RESOURCE_SCOPES.has(scope))
  if (resourceScopes.length > 0) {
    for (const resource of requestedResources(params)) {
      grant.addResourceScope(resource, resourceScopes.join(' '))
    }
  }
  return grant.save()
}

/** The request's `resource` values, or the default resource when it named none. */
export function requestedResources(params: InteractionParams): string[] {
  const { resource } = params
  if (typeof resource === 'string') return [resource]
  if (Array.isArray(resource) && resource.length > 0) return resource.map(String)
  return [PORTICO_HUB_AUDIENCE]
}
