import type { RedisClient } from './connect-redis.js'
import type { ModelAdapter, StoredPayload } from './hub-store.js'
import { epochSeconds, indexValue } from './stored-entry.js'

/**
 * Adds a member to a grant's set and stretches the set's lifetime to the longest of its members'
 * (milliseconds in ARGV[2], 0 = never expires). A set without expiry (PTTL -1) keeps none.
 */
const addToGrantScript = `
local current = redis.call('PTTL', KEYS[1])
redis.call('SADD', KEYS[1], ARGV[1])
local ttl = tonumber(ARGV[2])
if ttl == 0 then
  redis.call('PERSIST', KEYS[1])
elseif current == -2 or (current >= 0 and current < ttl) then
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return 1`

/** Replaces KEYS[1] with ARGV[2] only while it still holds ARGV[1], keeping its TTL. */
const compareAndSetScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0`

/** Deletes KEYS[1] only while it still holds ARGV[1] (an index pointing at this entry). */
const deleteIfEqualScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`

/** How often `consume` retries when another writer changes the entry between read and write. */
const consumeAttempts = 10

/**
 * The adapter of one model in Redis. Under `<prefix><Model>:` it keeps `entry:<id>` (the payload
 * as JSON, expiring with it), `uid:<uid>` and `userCode:<code>` (the id, same expiry) and
 * `grant:<grantId>` (a set of ids, living as long as its longest member). Index hits are checked
 * against the entry, so an index left behind by a changed entry is never trusted.
 */
export function createRedisAdapter(client: RedisClient, namespace: string): ModelAdapter {
  const entryKey = (id: string) => `${namespace}entry:${id}`
  const uidKey = (uid: string) => `${namespace}uid:${uid}`
  const userCodeKey = (userCode: string) => `${namespace}userCode:${userCode}`
  const grantKey = (grantId: string) => `${namespace}grant:${grantId}`

  async function read(id: string): Promise<StoredPayload | undefined> {
    const text = await client.get(entryKey(id))
    return text === null ? undefined : (JSON.parse(text) as StoredPayload)
  }

  async function findBy(name: 'uid' | 'userCode', key: string, value: string) {
    const id = await client.get(key)
    const payload = id === null ? undefined : await read(id)
    return payload && indexValue(payload, name) === value ? payload : undefined
  }

  async function destroy(id: string): Promise<void> {
    const payload = await read(id)
    const multi = client.multi().del(entryKey(id))
    const uid = payload && indexValue(payload, 'uid')
    const userCode = payload && indexValue(payload, 'userCode')
    const grantId = payload && indexValue(payload, 'grantId')
    if (uid) multi.eval(deleteIfEqualScript, { keys: [uidKey(uid)], arguments: [id] })
    if (userCode) {
      multi.eval(deleteIfEqualScript, { keys: [userCodeKey(userCode)], arguments: [id] })
    }
    if (grantId) multi.sRem(grantKey(grantId), id)
    await multi.exec()
  }

  return {
    async upsert(id, payload, expiresIn) {
      const ttl = typeof expiresIn === 'number' ? Math.round(expiresIn * 1000) : 0
      if (typeof expiresIn === 'number' && ttl <= 0) return destroy(id)
      const expiry = ttl > 0 ? { expiration: { type: 'PX', value: ttl } as const } : {}
      const multi = client.multi().set(entryKey(id), JSON.stringify(payload), expiry)
      const uid = indexValue(payload, 'uid')
      const userCode = indexValue(payload, 'userCode')
      const grantId = indexValue(payload, 'grantId')
      if (uid) multi.set(uidKey(uid), id, expiry)
      if (userCode) multi.set(userCodeKey(userCode), id, expiry)
      if (grantId) {
        multi.eval(addToGrantScript, { keys: [grantKey(grantId)], arguments: [id, String(ttl)] })
      }
      await multi.exec()
    },
    find: read,
    findByUid: (uid) => findBy('uid', uidKey(uid), uid),
    findByUserCode: (userCode) => findBy('userCode', userCodeKey(userCode), userCode),
    async consume(id) {
      for (let attempt = 0; attempt < consumeAttempts; attempt++) {
        const text = await client.get(entryKey(id))
        if (text === null) return
        const consumed = JSON.stringify({ ...JSON.parse(text), consumed: epochSeconds() })
        const replaced = await client.eval(compareAndSetScript, {
          keys: [entryKey(id)],
          arguments: [text, consumed],
        })
        if (replaced === 1) return
      }
      throw new Error(`Could not consume ${entryKey(id)}: it kept changing`)
    },
    destroy,
    async revokeByGrantId(grantId) {
      const ids = await client.sMembers(grantKey(grantId))
      await Promise.all(
        ids.map(async (id) => {
          const payload = await read(id)
          if (payload && indexValue(payload, 'grantId') === grantId) await destroy(id)
          else await client.sRem(grantKey(grantId), id)
        }),
      )
    },
  }
}
