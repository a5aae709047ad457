import { checkClientIdUrl } from './check-client-id-url.js'
import { checkMetadataDocument } from './check-metadata-document.js'
import { fetchMetadataDocument, type MetadataFetchOptions } from './fetch-metadata-document.js'

/** The bounds within which a document's `Cache-Control: max-age` is honoured, in seconds. */
const MIN_CACHE_SECONDS = 30
const MAX_CACHE_SECONDS = 24 * 60 * 60
/** How many documents stay cached; the oldest goes first. */
const MAX_CACHED_DOCUMENTS = 100

/** A client's registration metadata from its document, or why the client cannot be used. */
export type ClientMetadataResolution =
  | { ok: true; metadata: Record<string, unknown> }
  | { ok: false; reason: string }

/**
 * A last check of the metadata (oidc-provider's own client validation): the reason it fails,
 * or undefined. It runs before a document is cached, so no invalid document ever is.
 */
export type ValidateClientMetadata = (
  metadata: Record<string, unknown>,
) => Promise<string | undefined>

/** Resolves `client_id` URLs to their client metadata documents. */
export interface ClientMetadataResolver {
  resolve(clientId: string, validate: ValidateClientMetadata): Promise<ClientMetadataResolution>
}

/**
 * Creates the resolver of Client ID Metadata Documents: it checks the URL, fetches the document
 * (see `fetchMetadataDocument`), checks it, and caches a valid one for its `max-age` bounded
 * to [30 s, 1 day]. Failures are never cached; concurrent resolutions of one URL share a fetch.
 */
export function createClientMetadataResolver(
  options: MetadataFetchOptions,
): ClientMetadataResolver {
  const cache = new Map<string, { metadata: Record<string, unknown>; expiresAt: number }>()
  const inFlight = new Map<string, Promise<ClientMetadataResolution>>()

  async function fetchAndCheck(
    clientId: string,
    url: URL,
    validate: ValidateClientMetadata,
  ): Promise<ClientMetadataResolution> {
    const refuse = (reason: string): ClientMetadataResolution => ({
      ok: false,
      reason: `client metadata document ${clientId} refused: ${reason}`,
    })
    const fetched = await fetchMetadataDocument(url, options)
    if (!fetched.ok) return refuse(fetched.reason)
    const checked = checkMetadataDocument(clientId, fetched.text)
    if (!checked.ok) return refuse(checked.reason)
    const invalid = await validate(checked.metadata)
    if (invalid !== undefined) return refuse(invalid)
    const seconds = Math.min(
      MAX_CACHE_SECONDS,
      Math.max(MIN_CACHE_SECONDS, fetched.maxAgeSeconds ?? 0),
    )
    if (cache.size >= MAX_CACHED_DOCUMENTS) {
      const oldest = cache.keys().next()
      if (!oldest.done) cache.delete(oldest.value)
    }
    cache.set(clientId, { metadata: checked.metadata, expiresAt: Date.now() + seconds * 1000 })
    return checked
  }

  return {
    async resolve(clientId, validate) {
      const checkedUrl = checkClientIdUrl(clientId, { allowLoopbackHttp: options.allowLoopback })
      if (!checkedUrl.ok) return checkedUrl
      const cached = cache.get(clientId)
      if (cached !== undefined && cached.expiresAt > Date.now()) {
        return { ok: true, metadata: structuredClone(cached.metadata) }
      }
      cache.delete(clientId)
      let pending = inFlight.get(clientId)
      if (pending === undefined) {
        pending = fetchAndCheck(clientId, checkedUrl.url, validate).finally(() => {
          inFlight.delete(clientId)
        })
        inFlight.set(clientId, pending)
      }
      const resolution = await pending
      // Each caller gets its own copy: the cached metadata must stay as fetched.
      return resolution.ok
        ? { ok: true, metadata: structuredClone(resolution.metadata) }
        : resolution
    },
  }
}
