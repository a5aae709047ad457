import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import { audienceForResource, PORTICO_HUB_AUDIENCE, RESOURCE_SCOPE } from '../hub-audience.js'
import { consentScopes } from '../interaction/consent-scopes.js'
import type { HubSigningKey } from '../store/hub-store.js'
import type { OidcProviderModule } from './load-oidc-provider.js'

type ResourceIndicators = NonNullable<NonNullable<Configuration['features']>['resourceIndicators']>
type JwtCustomizer = NonNullable<
  NonNullable<NonNullable<Configuration['formats']>['customizers']>['jwt']
>

/**
 * RFC 8707 resource indicators under the hub's audience rules (see `audienceForResource`):
 * every accepted resource gets RS256 JWT access tokens (`typ: at+jwt`) signed by the current
 * key, with the scopes that were asked for and granted (see {@link resourceScopeOf}). A request
 * without `resource` gets the default one; a code granted for one resource yields its token at
 * the token endpoint without `resource` too (MCP clients send it anyway, other clients may not).
 */
export function createResourceIndicators(
  errors: OidcProviderModule['errors'],
  signingKey: HubSigningKey,
  accessTokenTtlSeconds: number,
): ResourceIndicators {
  return {
    enabled: true,
    defaultResource: (_ctx, _client, oneOf) => oneOf ?? PORTICO_HUB_AUDIENCE,
    useGrantedResource: () => true,
    getResourceServerInfo(ctx, resourceIndicator) {
      const audience = audienceForResource(resourceIndicator)
      if (!audience.ok) throw new errors.InvalidTarget(audience.reason)
      return {
        scope: resourceScopeOf(ctx, resourceIndicator),
        audience: resourceIndicator,
        accessTokenFormat: 'jwt',
        accessTokenTTL: accessTokenTtlSeconds,
        jwt: { sign: { alg: signingKey.alg, kid: signingKey.kid } },
      }
    },
  }
}

/**
 * The scopes a hub resource offers in this request: {@link RESOURCE_SCOPE}, plus any other
 * scope the request asks for (a plugin's tool scope, `notes:write`: the hub knows no plugin's
 * scopes, so it offers what is asked) and, at the token endpoint, what the grant holds for the
 * resource. oidc-provider issues the intersection with the grant, which the person signing in
 * decided on the consent page, so offering a scope never grants it.
 */
function resourceScopeOf(ctx: KoaContextWithOIDC, resource: string): string {
  const granted = ctx.oidc.entities.Grant?.getResourceScope(resource)
  return [
    ...new Set([
      ...RESOURCE_SCOPE.split(' '),
      ...consentScopes(ctx.oidc.params?.scope),
      ...consentScopes(granted),
    ]),
  ].join(' ')
}

/**
 * Sets `aud` of JWT access tokens by the audience rules: oidc-provider puts the resource server's
 * single audience there, and an http(s) resource also carries the test-tier audience.
 */
export const customizeAccessTokenAudience: JwtCustomizer = (_ctx, token, parts) => {
  const resource = token.resourceServer?.identifier()
  if (resource === undefined) return
  const audience = audienceForResource(resource)
  if (audience.ok) parts.payload.aud = audience.audience
}
