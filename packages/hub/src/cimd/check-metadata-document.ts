/** A client metadata document as the hub registers it, or the rule it breaks. */
export type MetadataDocumentCheck =
  | { ok: true; metadata: Record<string, unknown> }
  | { ok: false; reason: string }

/** The only client authentication methods without a shared secret that the hub supports. */
const ACCEPTED_AUTH_METHODS = new Set(['none', 'private_key_jwt'])

/**
 * Checks a fetched document against the CIMD draft (§4.1, §5): a JSON object whose `client_id`
 * equals the URL it came from by simple string comparison (no normalisation), with a non-empty
 * list of `redirect_uris`, no shared secret, and a client authentication method that needs
 * none. An absent method means a public client (`none`), which is what the metadata then says.
 * oidc-provider checks every other member when it builds the client.
 */
export function checkMetadataDocument(url: string, text: string): MetadataDocumentCheck {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'it is not valid JSON' }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { ok: false, reason: 'it is not a JSON object' }
  }
  const metadata = document as Record<string, unknown>
  if (metadata.client_id !== url) {
    return {
      ok: false,
      reason: `its client_id (${JSON.stringify(metadata.client_id)}) differs from the URL it was fetched from`,
    }
  }
  const redirectUris = metadata.redirect_uris
  if (
    !Array.isArray(redirectUris) ||
    redirectUris.length === 0 ||
    !redirectUris.every((uri) => typeof uri === 'string')
  ) {
    return { ok: false, reason: 'its redirect_uris must be a non-empty array of strings' }
  }
  for (const secret of ['client_secret', 'client_secret_expires_at']) {
    if (secret in metadata) {
      return { ok: false, reason: `it must not contain ${secret}: such clients have no secret` }
    }
  }
  const authMethod = metadata.token_endpoint_auth_method ?? 'none'
  if (typeof authMethod !== 'string' || !ACCEPTED_AUTH_METHODS.has(authMethod)) {
    return {
      ok: false,
      reason: `its token_endpoint_auth_method must be none or private_key_jwt, not ${JSON.stringify(authMethod)}`,
    }
  }
  return { ok: true, metadata: { ...metadata, token_endpoint_auth_method: authMethod } }
}
