/**
 * What any replica needs to take over a stateful MCP session that another one opened: the
 * client's side of the handshake, replayed into a fresh SDK transport, and who may use it.
 * Plain JSON: a shared store keeps it serialized.
 */
export interface McpSessionRecord {
  /** The MCP server it was opened on: `''` for `/mcp`, else the name of `/mcp/<name>`. */
  server: string
  /** The user who opened it (the token's `sub`); absent in mode anon. */
  uid?: string
  /** The params of its `initialize` request: the protocol version and the client's capabilities. */
  initialize: Record<string, unknown>
  /** Its POSTs are answered as SSE streams (its `initialize` accepted them), else as JSON. */
  streams: boolean
  /** The level its client last asked for with `logging/setLevel`, as it asked it. */
  logLevel?: string
}

/**
 * Where replicas share their stateful MCP sessions (`mcp.sessions: 'stateful'`), so that any of
 * them serves any request of a session: a replica that gets a session it does not hold finds it
 * here and takes it over. A session ends for all when its client sends `DELETE`, or when no
 * replica used it for `limits.mcpSessionIdleMs`. `portico start` uses Redis when
 * `PORTICO_REDIS_URL` is set; a host that calls `createApp` passes its own as
 * `createApp(runtime, { mcp: { sessionStore, eventStore } })`, with an event store shared alike.
 *
 * @example
 * import type { McpSessionStore } from 'portico/server'
 * const store: McpSessionStore = {
 *   async create(id, record) { await kv.set(id, JSON.stringify(record), { ttl }) },
 *   async find(id) {
 *     const text = await kv.getAndTouch(id, { ttl })
 *     return text === undefined ? undefined : JSON.parse(text)
 *   },
 *   async touch(id) { await kv.touch(id, { ttl }) },
 *   async update(id, record) { await kv.replace(id, JSON.stringify(record)) },
 *   async delete(id) { await kv.delete(id) },
 * }
 */
export interface McpSessionStore {
  /** Keeps a session that has just opened. */
  create(id: string, record: McpSessionRecord): Promise<void>
  /** The session, its idle expiry pushed back; `undefined` once it ended or expired. */
  find(id: string): Promise<McpSessionRecord | undefined>
  /** Pushes back the idle expiry of a session in use: a long call, an open stream. */
  touch(id: string): Promise<void>
  /** Replaces the record of a session, unless it ended meanwhile. */
  update(id: string, record: McpSessionRecord): Promise<void>
  /** Ends a session for every replica. */
  delete(id: string): Promise<void>
  /**
   * Whether the store answers now, asked by `/readyz`, which reports it
   * (`"sessionStore": "unavailable"`) but stays ready: only stateful requests need the store,
   * and they fail alone (503) meanwhile. Assumed when absent. Any method may reject; a store
   * whose backend failed rejects with a `PorticoError` of kind `unavailable`, answered 503.
   */
  ready?(): Promise<boolean>
}
