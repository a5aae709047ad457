import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, startHub } from '../src/index.js'
import { CALLBACK_URI, requestAuthorization } from './support/hub-client.js'

/**
 * Open dynamic registration has bounds: each client address may register a burst of clients,
 * then a few per minute (429 with Retry-After beyond), and a registered client that nobody
 * uses expires, its entry removed from the data folder too.
 */

const REGISTRATION = JSON.stringify({
  redirect_uris: [CALLBACK_URI],
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
})

/** POSTs a registration from `localAddress` (any 127.x address reaches a hub on 127.0.0.1). */
function register(
  hub: Hub,
  localAddress = '127.0.0.1',
): Promise<{
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}> {
  return new Promise((resolve, reject) => {
    const sent = request(`${hub.url}/reg`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json' },
    })
    sent.on('error', reject)
    sent.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      )
    })
    sent.end(REGISTRATION)
  })
}

async function registeredId(hub: Hub): Promise<string> {
  const { status, body } = await register(hub)
  expect(status).toBe(201)
  return (JSON.parse(body) as { client_id: string }).client_id
}

/** The status of an authorization request by `clientId` (303 to the login page when known). */
function authorize(hub: Hub, clientId: string): Promise<{ status: number; html: string }> {
  return requestAuthorization(hub.url, clientId)
}

describe('the registration rate limit', () => {
  let hub: Hub
  beforeAll(async () => {
    hub = await startHub({
      port: 0,
      store: createMemoryStore(),
      registration: { burst: 3, perMinute: 60 },
    })
  })
  afterAll(async () => {
    await hub?.close()
  })

  it('answers 429 with Retry-After and an OAuth error once an address used its burst', async () => {
    for (let count = 0; count < 3; count++) expect((await register(hub)).status).toBe(201)
    const refused = await register(hub)
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(refused.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(refused.body)).toEqual({
      error: 'temporarily_unavailable',
      error_description:
        'too many client registrations from this address: at most 3 at once and 60 a minute; retry in 1 s',
    })
    // Another address has its own bucket; the rest of the hub is not limited.
    expect((await register(hub, '127.0.0.2')).status).toBe(201)
    expect((await fetch(`${hub.url}/.well-known/openid-configuration`)).status).toBe(200)
    // A token comes back after Retry-After.
    await sleep(1000)
    expect((await register(hub)).status).toBe(201)
    expect((await register(hub)).status).toBe(429)
  })

  it('refuses limits that are not positive integers at start-up, naming them', async () => {
    await expect(startHub({ port: 0, registration: { burst: 0 } })).rejects.toThrow(
      'startHub: registration.burst must be a positive integer, not 0',
    )
    await expect(
      startHub({ port: 0, registration: { unusedClientTtlSeconds: 1.5 } }),
    ).rejects.toThrow('startHub: registration.unusedClientTtlSeconds must be a positive integer')
  })
})

describe('the expiry of unused registered clients', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portico-hub-expiry-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  /** The entry files of the registered clients in the data folder. */
  const clientFiles = async () => (await readdir(join(dataDir, 'Client'))).sort()
  const fileOf = (clientId: string) => `${createHash('sha256').update(clientId).digest('hex')}.json`

  it('forgets a client nobody used for its lifetime and keeps one in use', async () => {
    const first = await startHub({
      port: 0,
      dataDir,
      registration: { unusedClientTtlSeconds: 1 },
    })
    let unused: string
    let used: string
    try {
      ;[unused, used] = [await registeredId(first), await registeredId(first)]
      await sleep(600)
      expect((await authorize(first, used)).status).toBe(303)
      await sleep(600)
      // 1.2 s after registration: the unused client is gone, the one used at 0.6 s is not.
      const expired = await authorize(first, unused)
      expect(expired.status).toBe(400)
      expect(expired.html).toContain('<code>invalid_client</code>')
      expect((await authorize(first, used)).status).toBe(303)
    } finally {
      await first.close()
    }
    // The expired client's entry went when it was looked up; the used one is still there.
    expect(await clientFiles()).toEqual([fileOf(used)])

    // Expired entries leave the disk even when nobody looks them up again.
    await sleep(1200)
    const second = await startHub({
      port: 0,
      dataDir,
      registration: { unusedClientTtlSeconds: 1 },
    })
    try {
      const fresh = await registeredId(second)
      expect(await clientFiles()).toEqual([fileOf(fresh)])
    } finally {
      await second.close()
    }
  })
})
