import { decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, startHub } from '../src/index.js'
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
