import type { Adapter, AdapterPayload } from 'oidc-provider'
import type {
  ClientMetadataResolver,
  ValidateClientMetadata,
} from '../cimd/client-metadata-resolver.js'
import { sharedClientMetadataAt } from '../shared-client-metadata.js'
import type { ModelAdapter } from '../store/hub-store.js'
import { toProviderAdapter } from './to-provider-adapter.js'

/** What the `Client` model adapter needs. */
export interface ClientAdapterOptions {
  issuer: string
  /** The store's `Client` model: dynamically registered clients. */
  registered: ModelAdapter
  resolver: ClientMetadataResolver
  validate: ValidateClientMetadata
  /** oidc-provider's `InvalidClient` error with this description. */
  invalidClient: (description: string) => Error
  /** The request being served (oidc-provider's context), to remember its failures. */
  currentRequest: () => object | undefined
}

/**
 * oidc-provider's `Client` adapter. oidc-provider asks it for every client that is not
 * pre-registered, before its own (experimental, here disabled) metadata document support:
 *
 * - the hub's shared localhost documents are answered without a fetch;
 * - any other `http(s)://` client_id is a Client ID Metadata Document, resolved by the hub's
 *   own fetcher, so https and development loopback http follow one code path; a failure throws
 *   `invalid_client` with the rule that failed, which oidc-provider shows to the user;
 * - everything else is a dynamically registered client from the store (their generated ids
 *   never start with a scheme, so the two kinds cannot collide).
 */
export function createClientAdapter(options: ClientAdapterOptions): Adapter {
  const registered = toProviderAdapter(options.registered)
  // oidc-provider looks a client up again to render an authorization error: one failed
  // resolution per request is enough (no second fetch, no second timeout).
  const failures = new WeakMap<object, Map<string, string>>()

  async function resolveDocument(clientId: string): Promise<AdapterPayload> {
    const request = options.currentRequest()
    const failed = request === undefined ? undefined : failures.get(request)?.get(clientId)
    if (failed !== undefined) throw options.invalidClient(failed)
    const resolution = await options.resolver.resolve(clientId, options.validate)
    if (resolution.ok) return resolution.metadata as AdapterPayload
    if (request !== undefined) {
      const ofRequest = failures.get(request) ?? new Map<string, string>()
      ofRequest.set(clientId, resolution.reason)
      failures.set(request, ofRequest)
    }
    throw options.invalidClient(resolution.reason)
  }

  return {
    ...registered,
    async find(id) {
      const shared = sharedClientMetadataAt(options.issuer, id)
      if (shared !== undefined) return { ...shared }
      if (/^https?:\/\//i.test(id)) return resolveDocument(id)
      return registered.find(id)
    },
  }
}
