/**
 * `@portico/hub`: the Portico hub, a development OpenID Provider. Every line here is public API.
 */

export { isLoopbackHost } from './cimd/loopback-host.js'
export { PORTICO_HUB_AUDIENCE, PORTICO_HUB_SCOPE } from './hub-audience.js'
export type {
  HubClient,
  HubClientMetadataOptions,
  HubOptions,
  HubRegistrationOptions,
} from './hub-options.js'
export { DEFAULT_HUB_USERS, type HubUser } from './hub-users.js'
export { type RotatedKeys, rotateHubKeys } from './rotate-hub-keys.js'
export { sharedClientMetadataUrl } from './shared-client-metadata.js'
export { type Hub, startHub } from './start-hub.js'
export { connectRedis, type RedisClient, redisLocation } from './store/connect-redis.js'
export { createFileStore } from './store/create-file-store.js'
export { createMemoryStore } from './store/create-memory-store.js'
export { createRedisStore, type RedisStoreOptions } from './store/create-redis-store.js'
export type {
  HubKeySet,
  HubSigningKey,
  HubStore,
  ModelAdapter,
  StoredPayload,
} from './store/hub-store.js'
