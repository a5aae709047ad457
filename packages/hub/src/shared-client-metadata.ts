/**
 * The hub's own client metadata documents for docs sites on localhost: one per port, so a
 * plugin's docs site (`portico dev`, port 4321 by default) can sign in without hosting a
 * document of its own. The hub answers lookups of these `client_id`s itself, without fetching.
 */

/** The URL (and `client_id`) of the shared document for a docs site on `localhost:<port>`. */
export function sharedClientMetadataUrl(issuer: string, port: number): string {
  return `${issuer}/clients/localhost/${port}.json`
}

/** The shared document for a docs site on `localhost:<port>`. */
export interface SharedClientMetadata {
  client_id: string
  client_name: string
  redirect_uris: string[]
  grant_types: ['authorization_code', 'refresh_token']
  response_types: ['code']
  token_endpoint_auth_method: 'none'
  application_type: 'web'
}

/** The shared document at `url`, or undefined when `url` is not one of the issuer's. */
export function sharedClientMetadataAt(
  issuer: string,
  url: string,
): SharedClientMetadata | undefined {
  const prefix = `${issuer}/clients/localhost/`
  if (!url.startsWith(prefix)) return undefined
  const port = sharedPortOf(url.slice(prefix.length))
  if (port === undefined) return undefined
  return {
    client_id: url,
    client_name: `Portico docs site on localhost:${port}`,
    redirect_uris: [
      `http://localhost:${port}/oauth/callback`,
      `http://127.0.0.1:${port}/oauth/callback`,
      `http://[::1]:${port}/oauth/callback`,
    ],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    // A docs site is a browser app: `web` admits http loopback redirect URIs for the code flow.
    // They are matched exactly (the hub exempts these documents from any-port loopback
    // matching): each port has its own document, whose name says which port.
    application_type: 'web',
  }
}

/** `<port>.json` → the port (1–65535, no leading zero), or undefined. */
function sharedPortOf(fileName: string): number | undefined {
  const match = /^([1-9][0-9]{0,4})\.json$/.exec(fileName)
  const port = match === null ? undefined : Number(match[1])
  return port !== undefined && port <= 65535 ? port : undefined
}
