/**
 * What the hub keeps between restarts and shares between replicas: the entries of
 * oidc-provider's models (sessions, interactions, grants, codes, refresh tokens, registered
 * clients, and the hub's own typed-in accounts) and the key set. Two implementations: a data
 * folder (`createFileStore`, the default) and Redis (`createRedisStore`, for several replicas).
 */
export interface HubStore {
  /** The adapter of one model, by oidc-provider's model name (`Session`, `Grant`, …) or `Account`. */
  adapter(model: string): ModelAdapter
  /**
   * The key set. When none is stored yet, `create()` makes one and it is stored, atomically:
   * when replicas race, every one of them gets the set that won.
   */
  keys(create: () => Promise<HubKeySet>): Promise<HubKeySet>
  /**
   * Stores `next` only if the stored set's version is still `expectedVersion` (compare and set);
   * `false` when another replica changed it first, or when no set is stored yet (call `keys`).
   */
  replaceKeys(next: HubKeySet, expectedVersion: number): Promise<boolean>
  /**
   * Where the data lives, for the start-up message: a folder path, a Redis URL without password,
   * or `memory`.
   */
  readonly location: string
  close(): Promise<void>
}

/** One stored entry: a JSON object (oidc-provider's payloads are). */
export type StoredPayload = Record<string, unknown>

/**
 * oidc-provider's adapter contract, without its types (the hub's public types must not need
 * `@types/oidc-provider`). `expiresIn` is in seconds; an expired entry is never found again
 * (by id, uid, user code or grant); without `expiresIn` an entry never expires. Every find
 * returns a fresh copy of the payload as JSON would carry it.
 */
export interface ModelAdapter {
  upsert(id: string, payload: StoredPayload, expiresIn?: number): Promise<void>
  find(id: string): Promise<StoredPayload | undefined>
  /** The entry of this model whose payload's `uid` is `uid` (oidc-provider asks for sessions). */
  findByUid(uid: string): Promise<StoredPayload | undefined>
  /** The entry of this model whose payload's `userCode` is `userCode` (device flow). */
  findByUserCode(userCode: string): Promise<StoredPayload | undefined>
  /**
   * Marks the entry consumed: later finds return it with `consumed` set to the epoch second. The
   * entry keeps its expiry; consuming a missing or expired entry does nothing.
   */
  consume(id: string): Promise<void>
  destroy(id: string): Promise<void>
  /** Destroys every entry of this model whose payload has this `grantId`. */
  revokeByGrantId(grantId: string): Promise<void>
}

/** A private signing key as a JWK, with what rotation needs. */
export interface HubSigningKey {
  kid: string
  alg: 'RS256' | 'ES256'
  /** The private JWK's members (`kty`, `n`, `e`, `d`, … or `crv`, `x`, `y`, `d`). */
  jwk: Record<string, string>
  /**
   * Epoch seconds after which a retired key is dropped: it stays published until every token
   * it signed has expired. Absent on the current key.
   */
  retireAfter?: number
}

/** The keys of one hub (shared by its replicas). */
export interface HubKeySet {
  /** Increases by one on every change. */
  version: number
  /** Newest first: the first key signs, the others are still published in the JWKS. */
  signing: HubSigningKey[]
  /** Secrets that sign oidc-provider's cookies, newest first (older ones still verify). */
  cookieSecrets: string[]
}
