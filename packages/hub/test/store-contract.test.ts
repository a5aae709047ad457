import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFileStore } from '../src/store/create-file-store.js'
import { createMemoryStore } from '../src/store/create-memory-store.js'
import { createRedisStore } from '../src/store/create-redis-store.js'
import type { HubKeySet, HubStore } from '../src/store/hub-store.js'
import { type RedisServer, startRedisServer } from './support/redis-server.js'

/**
 * One backing data set (a memory store, a folder, a Redis prefix) that several stores can open,
 * as restarted processes or replicas do.
 */
interface StoreBacking {
  open(): Promise<HubStore>
  dispose(): Promise<void>
}

/** A small but valid key set; real keys are not needed to test storage. */
function fakeKeySet(version: number, kid = `k${version}`): HubKeySet {
  return {
    version,
    signing: [{ kid, alg: 'RS256', jwk: { kty: 'RSA', n: 'bg', e: 'AQAB', d: 'ZA' } }],
    cookieSecrets: [`secret-${kid}`],
  }
}

function describeStoreContract(name: string, createBacking: () => Promise<StoreBacking>): void {
  describe(`${name} store`, () => {
    let backing: StoreBacking
    let store: HubStore
    const opened: HubStore[] = []
    const open = async () => {
      const next = await backing.open()
      opened.push(next)
      return next
    }

    beforeEach(async () => {
      backing = await createBacking()
      store = await open()
    })
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((each) => each.close()))
      await backing.dispose()
    })

    it('finds an upserted payload by id and replaces it on the next upsert', async () => {
      const sessions = store.adapter('Session')
      await sessions.upsert('s1', { accountId: 'ada', amr: [], nested: { a: [1, { b: null }] } })
      expect(await sessions.find('s1')).toEqual({
        accountId: 'ada',
        amr: [],
        nested: { a: [1, { b: null }] },
      })
      await sessions.upsert('s1', { accountId: 'grace' }, 60)
      expect(await sessions.find('s1')).toEqual({ accountId: 'grace' })
      expect(await sessions.find('unknown')).toBeUndefined()
    })

    it('hands out copies, so changing a found payload does not change the stored one', async () => {
      const grants = store.adapter('Grant')
      await grants.upsert('g1', { scope: 'openid' })
      const found = await grants.find('g1')
      if (found) found.scope = 'changed'
      expect(await grants.find('g1')).toEqual({ scope: 'openid' })
    })

    it('stops finding entries, by id, uid or user code, once expiresIn has passed', async () => {
      const sessions = store.adapter('Session')
      const codes = store.adapter('DeviceCode')
      await sessions.upsert('short', { uid: 'u-short' }, 1)
      await sessions.upsert('long', { uid: 'u-long' }, 60)
      await sessions.upsert('forever', { uid: 'u-forever' })
      await codes.upsert('dc', { userCode: 'ABCD' }, 1)
      await codes.upsert('consumed', {}, 1)
      await codes.consume('consumed')
      await sleep(1_100)
      expect(await sessions.find('short')).toBeUndefined()
      expect(await sessions.findByUid('u-short')).toBeUndefined()
      expect(await codes.findByUserCode('ABCD')).toBeUndefined()
      expect(await codes.find('consumed')).toBeUndefined()
      expect(await sessions.find('long')).toEqual({ uid: 'u-long' })
      expect(await sessions.findByUid('u-long')).toEqual({ uid: 'u-long' })
      expect(await sessions.find('forever')).toEqual({ uid: 'u-forever' })
    })

    it('sets consumed to the epoch second on consume and keeps the entry', async () => {
      const codes = store.adapter('AuthorizationCode')
      await codes.upsert('c1', { grantId: 'g1', scope: 'openid' }, 60)
      const before = Math.floor(Date.now() / 1000)
      await codes.consume('c1')
      const found = await codes.find('c1')
      expect(found).toMatchObject({ grantId: 'g1', scope: 'openid' })
      expect(found?.consumed).toBeGreaterThanOrEqual(before)
      expect(found?.consumed).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
      await codes.consume('missing')
      expect(await codes.find('missing')).toBeUndefined()
    })

    it('destroys an entry together with its uid and user code lookups', async () => {
      const sessions = store.adapter('Session')
      const codes = store.adapter('DeviceCode')
      await sessions.upsert('s1', { uid: 'u1' }, 60)
      await codes.upsert('d1', { userCode: 'WXYZ' }, 60)
      await sessions.destroy('s1')
      await codes.destroy('d1')
      await codes.destroy('never-stored')
      expect(await sessions.find('s1')).toBeUndefined()
      expect(await sessions.findByUid('u1')).toBeUndefined()
      expect(await codes.findByUserCode('WXYZ')).toBeUndefined()
    })

    it("revokes only the given grant's entries of the model", async () => {
      const tokens = store.adapter('AccessToken')
      const refresh = store.adapter('RefreshToken')
      await tokens.upsert('a1', { grantId: 'g1' }, 60)
      await tokens.upsert('a2', { grantId: 'g1' })
      await tokens.upsert('a3', { grantId: 'g2' }, 60)
      await tokens.upsert('moved', { grantId: 'g1' }, 60)
      await tokens.upsert('moved', { grantId: 'g2' }, 60)
      await refresh.upsert('r1', { grantId: 'g1' }, 60)
      await tokens.revokeByGrantId('g1')
      expect(await tokens.find('a1')).toBeUndefined()
      expect(await tokens.find('a2')).toBeUndefined()
      expect(await tokens.find('a3')).toEqual({ grantId: 'g2' })
      expect(await tokens.find('moved')).toEqual({ grantId: 'g2' })
      expect(await refresh.find('r1')).toEqual({ grantId: 'g1' })
      await tokens.revokeByGrantId('no-such-grant')
    })

    it('finds an entry by uid, and no longer by a uid it was upserted away from', async () => {
      const sessions = store.adapter('Session')
      await sessions.upsert('s1', { uid: 'u1', accountId: 'ada' }, 60)
      await sessions.upsert('s2', { uid: 'u2', accountId: 'grace' }, 60)
      expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'ada' })
      await sessions.upsert('s1', { uid: 'u3', accountId: 'ada' }, 60)
      expect(await sessions.findByUid('u1')).toBeUndefined()
      expect(await sessions.findByUid('u3')).toEqual({ uid: 'u3', accountId: 'ada' })
      expect(await sessions.findByUid('unknown')).toBeUndefined()
    })

    it('finds an entry by user code', async () => {
      const codes = store.adapter('DeviceCode')
      await codes.upsert('d1', { userCode: 'ABCD-EFGH', clientId: 'c' }, 60)
      expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({
        userCode: 'ABCD-EFGH',
        clientId: 'c',
      })
      expect(await codes.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined()
    })

    it('keeps the same id in different models apart', async () => {
      await store.adapter('Session').upsert('same', { model: 'Session', uid: 'u' }, 60)
      await store.adapter('Interaction').upsert('same', { model: 'Interaction', uid: 'u' }, 60)
      expect(await store.adapter('Session').find('same')).toEqual({ model: 'Session', uid: 'u' })
      expect(await store.adapter('Interaction').findByUid('u')).toEqual({
        model: 'Interaction',
        uid: 'u',
      })
      await store.adapter('Session').destroy('same')
      expect(await store.adapter('Interaction').find('same')).toEqual({
        model: 'Interaction',
        uid: 'u',
      })
    })

    it('stores ids with slashes, dots, unicode and 300 characters as distinct entries', async () => {
      const clients = store.adapter('Client')
      const ids = ['a/b', '../../escape', '..', '.', 'ünïcødé 🔑', 'x'.repeat(300), 'entry:x']
      for (const id of ids) await clients.upsert(id, { id })
      for (const id of ids) expect(await clients.find(id)).toEqual({ id })
      await clients.destroy('..')
      expect(await clients.find('..')).toBeUndefined()
      expect(await clients.find('.')).toEqual({ id: '.' })
    })

    it('rejects a model name that is not a plain name', () => {
      expect(() => store.adapter('../Session')).toThrow(TypeError)
      expect(() => store.adapter('Session:x')).toThrow(/Invalid model name/)
    })

    it('shares entries with a second store on the same data', async () => {
      await store.adapter('Session').upsert('s1', { uid: 'u1' }, 60)
      await store.adapter('AccessToken').upsert('a1', { grantId: 'g1' }, 60)
      const second = await open()
      expect(await second.adapter('Session').findByUid('u1')).toEqual({ uid: 'u1' })
      await second.adapter('AccessToken').consume('a1')
      expect((await store.adapter('AccessToken').find('a1'))?.consumed).toEqual(expect.any(Number))
      await second.adapter('AccessToken').revokeByGrantId('g1')
      expect(await store.adapter('AccessToken').find('a1')).toBeUndefined()
    })

    it('gives two stores racing for the first key set the same one, creating it once each', async () => {
      const second = await open()
      let created = 0
      const create = async () => {
        created += 1
        await sleep(20)
        return fakeKeySet(1, `k${created}`)
      }
      const results = await Promise.all([
        store.keys(create),
        second.keys(create),
        store.keys(create),
        second.keys(create),
      ])
      expect(created).toBeGreaterThanOrEqual(1)
      expect(created).toBeLessThanOrEqual(2)
      for (const result of results) expect(result).toEqual(results[0])
      expect(await store.keys(create)).toEqual(results[0])
      expect(created).toBeLessThanOrEqual(2)
    })

    it('replaces the key set only while its version is the expected one', async () => {
      expect(await store.replaceKeys(fakeKeySet(2), 1)).toBe(false)
      await store.keys(async () => fakeKeySet(1))
      expect(await store.replaceKeys(fakeKeySet(2), 1)).toBe(true)
      expect(await store.replaceKeys(fakeKeySet(2, 'stale'), 1)).toBe(false)
      expect(await store.keys(async () => fakeKeySet(9))).toEqual(fakeKeySet(2))
    })

    it('lets exactly one of two concurrent replacements of one version win', async () => {
      const second = await open()
      await store.keys(async () => fakeKeySet(1))
      const outcomes = await Promise.all([
        store.replaceKeys(fakeKeySet(2, 'first'), 1),
        second.replaceKeys(fakeKeySet(2, 'second'), 1),
      ])
      expect(outcomes.filter(Boolean)).toHaveLength(1)
      const winner = outcomes[0] ? 'first' : 'second'
      expect(await second.keys(async () => fakeKeySet(9))).toEqual(fakeKeySet(2, winner))
    })
  })
}

describeStoreContract('memory', async () => {
  const store = createMemoryStore()
  return { open: async () => store, dispose: async () => {} }
})

describeStoreContract('file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'hub-store-'))
  return {
    open: () => createFileStore(join(dir, 'data')),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
})

describe('with a Redis server', () => {
  let server: RedisServer
  beforeAll(async () => {
    server = await startRedisServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  describeStoreContract('redis', async () => {
    // A fresh prefix per test keeps the tests apart on the one server.
    const prefix = `test-${randomUUID()}:`
    return { open: () => createRedisStore(server.url, { prefix }), dispose: async () => {} }
  })
})
