import type { ModelAdapter } from '../store/hub-store.js'

/** Clients remembered as recently used, at most; past it the memory starts over. */
const MAX_REMEMBERED = 10_000

/**
 * The store's `Client` model with an expiry for dynamically registered clients: each is stored
 * for `ttlSeconds`, and every use (oidc-provider looks the client up on each request) renews
 * it, at most once per tenth of the lifetime, so a client nobody uses for that long is gone
 * (open registration would otherwise keep every client forever). oidc-provider stores clients
 * without an expiry; this sets one.
 */
export function expireUnusedClients(model: ModelAdapter, ttlSeconds: number): ModelAdapter {
  const renewAfterMs = ttlSeconds * 100
  const renewed = new Map<string, number>()
  const remember = (id: string) => {
    if (renewed.size >= MAX_REMEMBERED) renewed.clear()
    renewed.set(id, Date.now())
  }
  return {
    ...model,
    async upsert(id, payload) {
      await model.upsert(id, payload, ttlSeconds)
      remember(id)
    },
    async find(id) {
      const payload = await model.find(id)
      if (payload === undefined) {
        renewed.delete(id)
        return undefined
      }
      const last = renewed.get(id)
      if (last === undefined || Date.now() - last >= renewAfterMs) {
        await model.upsert(id, payload, ttlSeconds)
        remember(id)
      }
      return payload
    },
    async destroy(id) {
      renewed.delete(id)
      await model.destroy(id)
    },
  }
}
