/** Where the docs site sends a person to log in (spec 4.7). */
export const LOGIN_PATH = '/oauth/login'

/** The login that returns to `returnTo` (a checked same-origin path): "Try again" of a failure. */
export function retryLoginUrl(returnTo: string): string {
  return returnTo === '/' ? LOGIN_PATH : `${LOGIN_PATH}?return_to=${encodeURIComponent(returnTo)}`
}

/** Where the authorization server sends the browser back with the code. */
export const CALLBACK_PATH = '/oauth/callback'

/** The plugin's own OAuth client metadata document (CIMD). */
export const CLIENT_METADATA_PATH = '/.well-known/oauth/client-metadata.json'

/** The plugin's own `client_id` on `origin`: the URL of its metadata document. */
export function clientMetadataUrl(origin: string): string {
  return `${origin}${CLIENT_METADATA_PATH}`
}

/** The `redirect_uri` of the login on `origin`. */
export function callbackUrl(origin: string): string {
  return `${origin}${CALLBACK_PATH}`
}
