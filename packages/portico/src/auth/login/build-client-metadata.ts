import type { AuthSettings } from '../auth-settings.js'
import { callbackUrl, clientMetadataUrl } from './login-paths.js'

/** The plugin as a public OAuth client: its Client ID Metadata Document (RFC 7591 fields). */
export interface ClientMetadataDocument {
  client_id: string
  client_name: string
  client_uri: string
  redirect_uris: string[]
  grant_types: string[]
  response_types: string[]
  token_endpoint_auth_method: 'none'
  scope: string
}

/**
 * The document served at `/.well-known/oauth/client-metadata.json` on `origin`: its URL is its
 * `client_id` (compared as a string, so it is built from the same origin), the login callback
 * its one redirect URI, PKCE without a secret, and the scopes the login may ask for: the
 * plugin's, and its tool scopes (a login again with a tool's scope asks for one), so that an
 * authorization server holding the client to its document's `scope` lets them through.
 *
 * @example
 * import { buildClientMetadata } from './build-client-metadata.js'
 * buildClientMetadata('Notes', settings, 'https://notes.example.com').client_id
 * // 'https://notes.example.com/.well-known/oauth/client-metadata.json'
 */
export function buildClientMetadata(
  title: string,
  settings: Pick<AuthSettings, 'advertisedScopes'>,
  origin: string,
  toolScopes: readonly string[] = [],
): ClientMetadataDocument {
  return {
    client_id: clientMetadataUrl(origin),
    client_name: title,
    client_uri: origin,
    redirect_uris: [callbackUrl(origin)],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: loginScope(settings, toolScopes),
  }
}

/**
 * What the login asks for: `openid` (for the ID token naming the user), the advertised scopes,
 * and the `extra` ones (tool scopes the docs site asks for to call a tool).
 */
export function loginScope(
  settings: Pick<AuthSettings, 'advertisedScopes'>,
  extra: readonly string[] = [],
): string {
  return [...new Set(['openid', ...settings.advertisedScopes, ...extra])].join(' ')
}
