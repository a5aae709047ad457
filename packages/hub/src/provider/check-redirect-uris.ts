import type { Configuration } from 'oidc-provider'
import type { OidcProviderModule } from './load-oidc-provider.js'
import { isAllowedRedirectUri } from './loopback-redirect-uri.js'

type ExtraClientMetadata = NonNullable<Configuration['extraClientMetadata']>

/**
 * oidc-provider's `extraClientMetadata` hook, used to check `redirect_uris` of every client it
 * builds (registered, metadata documents) except the pre-registered ones the hub's operator
 * chose: `http` only on loopback. A failure is `invalid_redirect_uri` (oidc-provider names the
 * error so when the description starts with `redirect_uris`).
 */
export function checkRedirectUris(
  errors: OidcProviderModule['errors'],
  isPreRegistered: (clientId: string) => boolean,
): ExtraClientMetadata {
  return {
    properties: ['redirect_uris'],
    validator(_ctx, key, value, metadata) {
      if (key !== 'redirect_uris' || !Array.isArray(value)) return
      if (typeof metadata.client_id === 'string' && isPreRegistered(metadata.client_id)) return
      const refused = value.find((uri) => typeof uri === 'string' && !isAllowedRedirectUri(uri))
      if (refused !== undefined) {
        throw new errors.InvalidClientMetadata(
          `redirect_uris must use https, or http only on localhost, 127.0.0.1 or [::1] (RFC 8252 §7.3): ${refused}`,
        )
      }
    },
  }
}
