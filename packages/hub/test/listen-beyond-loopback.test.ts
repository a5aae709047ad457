import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, startHub } from '../src/index.js'
import { type DocumentServer, startDocumentServer } from './support/document-server.js'
import { CALLBACK_URI, requestAuthorization } from './support/hub-client.js'

/**
 * A hub that listens beyond loopback (`host: '0.0.0.0'`) needs an explicit issuer, warns that
 * anyone who reaches it signs in without a password, and fetches no client metadata document
 * from loopback: otherwise its error page would probe this machine's ports for anyone.
 */

let documents: DocumentServer
let hub: Hub
const warnings: string[] = []

beforeAll(async () => {
  documents = await startDocumentServer()
  hub = await startHub({
    port: 0,
    host: '0.0.0.0',
    issuer: 'http://localhost:4400',
    store: createMemoryStore(),
    warn: (message) => warnings.push(message),
  })
})
afterAll(async () => {
  await hub?.close()
  await documents?.close()
})

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The hub's answer to an authorization request of `clientId`: status and page. */
function authorize(clientId: string): Promise<{ status: number; html: string }> {
  return requestAuthorization(`http://127.0.0.1:${hub.port}`, clientId)
}

describe('a hub listening beyond loopback', () => {
  it('refuses to start without an issuer, saying what to pass', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      await expect(startHub({ port: 0, host, store: createMemoryStore() })).rejects.toThrow(
        `startHub: host ${JSON.stringify(host)} listens beyond loopback, where the default issuer http://localhost:<port> names no reachable hub: pass issuer, the URL clients reach the hub at (e.g. http://hub.example.lan:4400)`,
      )
    }
  })

  it('warns once that anyone who reaches it signs in without a password', () => {
    expect(warnings).toEqual([
      `portico hub: listening on ${hub.url}, beyond this machine, and the hub has no passwords: anyone who can reach it can sign in as any user and get tokens that portico-hub plugins accept. Use it for development and test tiers on a network you trust, never in front of real data.`,
    ])
  })

  it('fetches no client metadata document from loopback, even with a loopback issuer', async () => {
    const url = documents.json('/loopback.json', {
      client_id: `${documents.origin}/loopback.json`,
      redirect_uris: [CALLBACK_URI],
    })
    const onHttp = await authorize(url)
    expect(onHttp.status).toBe(400)
    expect(onHttp.html).toContain('<code>invalid_client</code>')
    expect(onHttp.html).toContain('it must use https')
    expect(documents.hits.get('/loopback.json')).toBeUndefined()

    // A name that resolves to loopback is refused before connecting: no port scan.
    const onHttps = await authorize(`https://localhost:${await closedPort()}/c.json`)
    expect(onHttps.status).toBe(400)
    expect(onHttps.html).toMatch(
      /it would connect to (127\.0\.0\.1|::1), a special-use address the hub does not fetch from/,
    )
  })
})
