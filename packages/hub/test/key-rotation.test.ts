import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, rotateHubKeys, startHub } from '../src/index.js'
import { obtainTokens, registerPublicClient, verifyAccessToken } from './support/hub-client.js'

const store = createMemoryStore()
let hub: Hub
let replica: Hub

beforeAll(async () => {
  hub = await startHub({ port: 0, store })
  replica = await startHub({ port: 0, issuer: hub.issuer, store, keyRefreshSeconds: 1 })
})
afterAll(async () => {
  await replica?.close()
  await hub?.close()
})

async function publishedKids(at: Hub): Promise<string[]> {
  const { keys } = (await (await fetch(`${at.url}/jwks`)).json()) as { keys: { kid: string }[] }
  return keys.map((key) => key.kid)
}

describe('key rotation', () => {
  it('signs new tokens with a new key while tokens signed before still verify', async () => {
    const client = await registerPublicClient(hub)
    const before = await obtainTokens(client)
    const oldKid = decodeProtectedHeader(before.access_token).kid
    await hub.rotateKeys()
    const after = await obtainTokens(client)
    const newKid = decodeProtectedHeader(after.access_token).kid
    expect(newKid).not.toBe(oldKid)
    expect(await publishedKids(hub)).toEqual([newKid, oldKid])
    expect((await verifyAccessToken(hub, before.access_token)).kid).toBe(oldKid)
    expect((await verifyAccessToken(hub, after.access_token)).kid).toBe(newKid)
    expect((await store.keys(() => Promise.reject(new Error('unused')))).signing[0]?.kid).toBe(
      newKid,
    )
  })

  it('reaches a replica sharing the store within keyRefreshSeconds', async () => {
    const [current] = await publishedKids(hub)
    await hub.rotateKeys()
    const [rotated] = await publishedKids(hub)
    expect(rotated).not.toBe(current)
    const deadline = Date.now() + 3000
    while ((await publishedKids(replica))[0] !== rotated && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect((await publishedKids(replica))[0]).toBe(rotated)
  })
})

describe('rotateHubKeys, without a hub in this process', () => {
  it('rotates the keys of a data folder, which a running hub on it adopts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portico-hub-rotate-'))
    const running = await startHub({ port: 0, dataDir, keyRefreshSeconds: 1 })
    try {
      const [before] = await publishedKids(running)
      const rotated = await rotateHubKeys({ dataDir })
      expect(rotated.retiring).toEqual([before])
      expect(rotated.location).toBe(dataDir)
      const deadline = Date.now() + 3000
      while ((await publishedKids(running))[0] !== rotated.kid && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(await publishedKids(running)).toEqual([rotated.kid, before])
    } finally {
      await running.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
