import type Provider from 'oidc-provider'
import { PORTICO_HUB_AUDIENCE, RESOURCE_SCOPE } from '../hub-audience.js'
import { HUB_SCOPES } from '../provider/hub-claims.js'
import { consentScopes } from './consent-scopes.js'

/** An authorization request's parameters, as oidc-provider keeps them in the interaction. */
export type InteractionParams = Record<string, unknown>

const OIDC_SCOPES = new Set(HUB_SCOPES)
const RESOURCE_SCOPES = new Set(RESOURCE_SCOPE.split(' '))

/**
 * Creates the grant of a sign-in and returns its id. It holds the requested OpenID scopes, and
 * for each requested resource (or the default one) the requested hub scopes that resource
 * issues plus the requested {@link consentScopes} except those in `refused`, which the grant
 * records as rejected (so oidc-provider does not ask again, and the token goes without them).
 * Without a consent page (nothing beyond the hub's scopes asked), nothing is refused.
 */
export async function grantRequestedAccess(
  provider: Provider,
  params: InteractionParams,
  accountId: string,
  refused: ReadonlySet<string> = new Set(),
): Promise<string> {
  const clientId = String(params.client_id)
  const requested = typeof params.scope === 'string' ? params.scope.split(' ') : []
  const grant = new provider.Grant({ accountId, clientId })
  const oidcScopes = requested.filter((scope) => OIDC_SCOPES.has(scope))
  if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '))
  const extra = consentScopes(params.scope)
  const granted = [
    ...requested.filter((scope) => RESOURCE_SCOPES.has(scope)),
    ...extra.filter((scope) => !refused.has(scope)),
  ]
  const rejected = extra.filter((scope) => refused.has(scope))
  for (const resource of requestedResources(params)) {
    if (granted.length > 0) grant.addResourceScope(resource, granted.join(' '))
    if (rejected.length > 0) grant.rejectResourceScope(resource, rejected.join(' '))
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
