import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { ModelAdapter, StoredPayload } from '../store/hub-store.js'

/**
 * A store's model adapter as oidc-provider types it. The contract is the same; only the payload
 * types differ, since the store's interface must not depend on oidc-provider's types.
 */
export function toProviderAdapter(model: ModelAdapter): Adapter {
  return {
    upsert: (id, payload, expiresIn) => model.upsert(id, payload as StoredPayload, expiresIn),
    find: async (id) => (await model.find(id)) as AdapterPayload | undefined,
    findByUid: async (uid) => (await model.findByUid(uid)) as AdapterPayload | undefined,
    findByUserCode: async (code) =>
      (await model.findByUserCode(code)) as AdapterPayload | undefined,
    consume: (id) => model.consume(id),
    destroy: (id) => model.destroy(id),
    revokeByGrantId: (grantId) => model.revokeByGrantId(grantId),
  }
}
