import { HUB_SCOPES } from '../provider/hub-claims.js'

const HUB_OWN = new Set(HUB_SCOPES)

/**
 * The scopes of a request the person signing in grants or refuses on the consent page: every
 * scope-token beyond the hub's own (`openid`, `offline_access`, `portico-hub-test`, `profile`,
 * `email`), which are always granted. These are the resource's own, such as a plugin's tool
 * scopes (`notes:write`); oidc-provider has already refused a `scope` with invalid characters.
 */
export function consentScopes(scope: unknown): string[] {
  if (typeof scope !== 'string') return []
  return [...new Set(scope.split(' ').filter((name) => name !== '' && !HUB_OWN.has(name)))]
}
