import { createKeysLoader } from './create-keys-loader.js'
import type { HubKeySet, HubStore, ModelAdapter, StoredPayload } from './hub-store.js'
import { assertModelName, epochSeconds, expiresAtFor, indexValue, isLive } from './stored-entry.js'

/** How often (at most) an upsert also sweeps expired entries, so unread ones do not pile up. */
const sweepIntervalMs = 60_000

/**
 * A store that keeps everything in this process: for ephemeral hubs and tests. Nothing survives
 * a restart and replicas cannot share it. Payloads are kept as JSON text, so callers get a fresh
 * copy from every find (as from the file and Redis stores).
 *
 * @example
 * import { createMemoryStore } from './store/create-memory-store.js'
 * const store = createMemoryStore()
 */
export function createMemoryStore(): HubStore {
  const adapters = new Map<string, ModelAdapter>()
  let keySet: string | undefined
  const storedKeys = (): HubKeySet | undefined =>
    keySet === undefined ? undefined : (JSON.parse(keySet) as HubKeySet)
  const keys = createKeysLoader({
    async read() {
      return storedKeys()
    },
    async storeIfAbsent(set) {
      keySet ??= JSON.stringify(set)
    },
  })
  return {
    location: 'memory',
    adapter(model) {
      let adapter = adapters.get(model)
      if (!adapter) {
        assertModelName(model)
        adapter = createMemoryAdapter()
        adapters.set(model, adapter)
      }
      return adapter
    },
    keys,
    async replaceKeys(next, expectedVersion) {
      if (storedKeys()?.version !== expectedVersion) return false
      keySet = JSON.stringify(next)
      return true
    },
    async close() {},
  }
}

interface MemoryEntry {
  json: string
  expiresAt: number | undefined
  uid: string | undefined
  userCode: string | undefined
  grantId: string | undefined
}

function createMemoryAdapter(): ModelAdapter {
  const entries = new Map<string, MemoryEntry>()
  const byUid = new Map<string, string>()
  const byUserCode = new Map<string, string>()
  const byGrantId = new Map<string, Set<string>>()
  let lastSweep = Date.now()

  function live(id: string): MemoryEntry | undefined {
    const entry = entries.get(id)
    if (entry && !isLive(entry)) {
      remove(id)
      return undefined
    }
    return entry
  }

  function remove(id: string): void {
    const entry = entries.get(id)
    if (!entry) return
    entries.delete(id)
    if (entry.uid !== undefined && byUid.get(entry.uid) === id) byUid.delete(entry.uid)
    if (entry.userCode !== undefined && byUserCode.get(entry.userCode) === id) {
      byUserCode.delete(entry.userCode)
    }
    if (entry.grantId !== undefined) {
      const members = byGrantId.get(entry.grantId)
      members?.delete(id)
      if (members?.size === 0) byGrantId.delete(entry.grantId)
    }
  }

  function sweep(now: number): void {
    if (now - lastSweep < sweepIntervalMs) return
    lastSweep = now
    for (const [id, entry] of entries) if (!isLive(entry, now)) remove(id)
  }

  function read(id: string | undefined): StoredPayload | undefined {
    const entry = id === undefined ? undefined : live(id)
    return entry ? (JSON.parse(entry.json) as StoredPayload) : undefined
  }

  return {
    async upsert(id, payload, expiresIn) {
      const now = Date.now()
      sweep(now)
      remove(id)
      const entry: MemoryEntry = {
        json: JSON.stringify(payload),
        expiresAt: expiresAtFor(expiresIn, now),
        uid: indexValue(payload, 'uid'),
        userCode: indexValue(payload, 'userCode'),
        grantId: indexValue(payload, 'grantId'),
      }
      entries.set(id, entry)
      if (entry.uid !== undefined) byUid.set(entry.uid, id)
      if (entry.userCode !== undefined) byUserCode.set(entry.userCode, id)
      if (entry.grantId !== undefined) {
        const members = byGrantId.get(entry.grantId) ?? new Set()
        members.add(id)
        byGrantId.set(entry.grantId, members)
      }
    },
    async find(id) {
      return read(id)
    },
    async findByUid(uid) {
      return read(byUid.get(uid))
    },
    async findByUserCode(userCode) {
      return read(byUserCode.get(userCode))
    },
    async consume(id) {
      const entry = live(id)
      if (!entry) return
      const payload = JSON.parse(entry.json) as StoredPayload
      payload.consumed = epochSeconds()
      entry.json = JSON.stringify(payload)
    },
    async destroy(id) {
      remove(id)
    },
    async revokeByGrantId(grantId) {
      for (const id of [...(byGrantId.get(grantId) ?? [])]) remove(id)
    },
  }
}
