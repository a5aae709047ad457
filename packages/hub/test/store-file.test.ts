import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileStore } from '../src/store/create-file-store.js'
import type { HubKeySet } from '../src/store/hub-store.js'

const keySet: HubKeySet = {
  version: 1,
  signing: [{ kid: 'k1', alg: 'RS256', jwk: { kty: 'RSA', n: 'bg', e: 'AQAB', d: 'ZA' } }],
  cookieSecrets: ['secret'],
}

/** Every file under `dir`, relative to it, with its mode bits. */
async function listFiles(dir: string): Promise<Array<{ path: string; mode: number }>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name)
        return { path: relative(dir, path), mode: (await stat(path)).mode & 0o777 }
      }),
  )
}

describe('file store', () => {
  let parent: string
  let dir: string
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'hub-file-store-'))
    dir = join(parent, 'nested', 'data')
  })
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true })
  })

  it('creates a missing data folder with mode 0700 and reports its path as location', async () => {
    const store = await createFileStore(dir)
    expect(store.location).toBe(dir)
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
  })

  it('finds entries and keys again after a restart on the same folder', async () => {
    const first = await createFileStore(dir)
    await first.keys(async () => keySet)
    await first.adapter('Session').upsert('s1', { uid: 'u1' }, 60)
    await first.adapter('Account').upsert('ada', { name: 'Ada' })
    await first.close()

    const restarted = await createFileStore(dir)
    expect(await restarted.keys(async () => ({ ...keySet, version: 7 }))).toEqual(keySet)
    expect(await restarted.adapter('Session').findByUid('u1')).toEqual({ uid: 'u1' })
    expect(await restarted.adapter('Account').find('ada')).toEqual({ name: 'Ada' })
  })

  it('writes keys.json and entry files with mode 0600 in 0700 folders, named by hash', async () => {
    const store = await createFileStore(dir)
    await store.keys(async () => keySet)
    await store.adapter('Session').upsert('s1', { uid: 'u1' }, 60)
    await store.replaceKeys({ ...keySet, version: 2 }, 1)
    expect((await stat(join(dir, 'Session'))).mode & 0o777).toBe(0o700)
    const files = await listFiles(dir)
    const hash = createHash('sha256').update('s1').digest('hex')
    expect(files.map((file) => file.path).sort()).toEqual([
      join('Session', `${hash}.json`),
      'keys.json',
    ])
    for (const file of files) expect(file.mode).toBe(0o600)
  })

  it('keeps ids such as ../../escape inside the model folder', async () => {
    const store = await createFileStore(dir)
    const outside = join(parent, 'nested', 'escape')
    await writeFile(outside, 'untouched')
    const clients = store.adapter('Client')
    for (const id of ['../escape', '../../escape', '/etc/passwd', 'a/b/c', '..']) {
      await clients.upsert(id, { id })
      await clients.destroy(id)
      await clients.upsert(id, { id })
    }
    expect(await readFile(outside, 'utf8')).toBe('untouched')
    for (const file of await listFiles(dir))
      expect(file.path).toMatch(/^Client\/[0-9a-f]{64}\.json$/)
  })

  it('deletes an expired entry file when it is looked up', async () => {
    const store = await createFileStore(dir)
    await store.adapter('Interaction').upsert('i1', { uid: 'i1' }, 0.05)
    expect(await listFiles(join(dir, 'Interaction'))).toHaveLength(1)
    await sleep(100)
    expect(await store.adapter('Interaction').findByUid('i1')).toBeUndefined()
    expect(await listFiles(join(dir, 'Interaction'))).toHaveLength(0)
  })

  it('fails with the path of a damaged keys.json', async () => {
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'keys.json'), '{"version":1}')
    const store = await createFileStore(dir)
    await expect(store.keys(async () => keySet)).rejects.toThrow(
      `The key set in ${join(dir, 'keys.json')} is damaged`,
    )
  })

  it('takes over a key lock left behind by a process that died', async () => {
    const store = await createFileStore(dir)
    await store.keys(async () => keySet)
    const lock = join(dir, 'keys.lock')
    await writeFile(lock, '999999')
    const longAgo = new Date(Date.now() - 60_000)
    await utimes(lock, longAgo, longAgo)
    expect(await store.replaceKeys({ ...keySet, version: 2 }, 1)).toBe(true)
    await expect(stat(lock)).rejects.toThrow(/ENOENT/)
  })
})
