import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisStore } from '../src/store/create-redis-store.js'
import type { HubStore } from '../src/store/hub-store.js'
import { type RedisServer, startRedisServer } from './support/redis-server.js'

describe('Redis store', () => {
  let server: RedisServer
  let raw: ReturnType<typeof createClient>
  const stores: HubStore[] = []
  const open = async (...args: Parameters<typeof createRedisStore>) => {
    const store = await createRedisStore(...args)
    stores.push(store)
    return store
  }

  beforeAll(async () => {
    server = await startRedisServer()
    raw = createClient({ url: server.url })
    await raw.connect()
  })
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()))
    if (raw?.isOpen) await raw.close()
    await server?.stop()
  })

  it('keeps entries, indexes and keys under the prefix portico-hub: by default', async () => {
    const store = await open(server.url)
    expect(store.location).toBe(server.url)
    await store.adapter('Session').upsert('s1', { uid: 'u1' }, 60)
    await store.adapter('AccessToken').upsert('a1', { grantId: 'g1' }, 30)
    await store.keys(async () => ({
      version: 1,
      signing: [{ kid: 'k', alg: 'RS256', jwk: { kty: 'RSA', n: 'bg', e: 'AQAB' } }],
      cookieSecrets: ['s'],
    }))
    expect((await raw.keys('portico-hub:*')).sort()).toEqual([
      'portico-hub:AccessToken:entry:a1',
      'portico-hub:AccessToken:grant:g1',
      'portico-hub:Session:entry:s1',
      'portico-hub:Session:uid:u1',
      'portico-hub:keys',
    ])
    expect(await raw.get('portico-hub:Session:entry:s1')).toBe('{"uid":"u1"}')
    expect(await raw.ttl('portico-hub:Session:uid:u1')).toBeGreaterThan(55)
    expect(await raw.ttl('portico-hub:AccessToken:grant:g1')).toBeGreaterThan(25)
    expect(await raw.ttl('portico-hub:keys')).toBe(-1)
  })

  it("deletes an entry's uid, user code and grant keys with it", async () => {
    const store = await open(server.url, { prefix: 'destroy:' })
    await store.adapter('Session').upsert('s1', { uid: 'u1' }, 60)
    await store.adapter('DeviceCode').upsert('d1', { userCode: 'C', grantId: 'g' }, 60)
    await store.adapter('Session').destroy('s1')
    await store.adapter('DeviceCode').destroy('d1')
    expect(await raw.keys('destroy:*')).toEqual([])
  })

  it('keeps the TTL of an entry it consumes', async () => {
    const store = await open(server.url, { prefix: 'ttl:' })
    await store.adapter('AuthorizationCode').upsert('c1', { grantId: 'g' }, 60)
    await store.adapter('AuthorizationCode').consume('c1')
    const ttl = await raw.pTTL('ttl:AuthorizationCode:entry:c1')
    expect(ttl).toBeGreaterThan(55_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('stretches a grant set to its longest-lived member and keeps it when one never expires', async () => {
    const store = await open(server.url, { prefix: 'grant:' })
    const tokens = store.adapter('AccessToken')
    await tokens.upsert('short', { grantId: 'g' }, 10)
    await tokens.upsert('long', { grantId: 'g' }, 100)
    await tokens.upsert('shorter', { grantId: 'g' }, 5)
    expect(await raw.ttl('grant:AccessToken:grant:g')).toBeGreaterThan(95)
    await tokens.upsert('forever', { grantId: 'g' })
    await tokens.upsert('again', { grantId: 'g' }, 10)
    expect(await raw.ttl('grant:AccessToken:grant:g')).toBe(-1)
    await tokens.revokeByGrantId('g')
    expect(await raw.keys('grant:*')).toEqual([])
  })

  it('shares entries and key sets between two stores on one server, as replicas', async () => {
    const first = await open(server.url, { prefix: 'replicas:' })
    const second = await open(server.url, { prefix: 'replicas:' })
    const other = await open(server.url, { prefix: 'other:' })
    await first.adapter('Grant').upsert('g1', { accountId: 'ada' }, 60)
    expect(await second.adapter('Grant').find('g1')).toEqual({ accountId: 'ada' })
    expect(await other.adapter('Grant').find('g1')).toBeUndefined()
  })

  it('shows the URL without its password as location', async () => {
    const guarded = await startRedisServer({ password: 's3cret' })
    try {
      const url = `redis://default:s3cret@127.0.0.1:${guarded.port}`
      const store = await createRedisStore(url)
      expect(store.location).toBe(`redis://default@127.0.0.1:${guarded.port}`)
      await store.adapter('Session').upsert('s', { uid: 'u' }, 10)
      expect(await store.adapter('Session').findByUid('u')).toEqual({ uid: 'u' })
      await store.close()
    } finally {
      await guarded.stop()
    }
  })

  it('rejects at start, naming the URL without password, when Redis cannot be reached', async () => {
    const stopped = await startRedisServer()
    await stopped.stop()
    const failure = createRedisStore(`redis://:hidden@127.0.0.1:${stopped.port}`)
    await expect(failure).rejects.toThrow(
      `Cannot connect to Redis at redis://127.0.0.1:${stopped.port}: connect ECONNREFUSED`,
    )
    await expect(failure).rejects.not.toThrow(/hidden/)
  })

  it('rejects commands after close', async () => {
    const store = await createRedisStore(server.url, { prefix: 'closed:' })
    await store.close()
    await expect(store.adapter('Session').find('s')).rejects.toThrow()
    await store.close()
  })
})
