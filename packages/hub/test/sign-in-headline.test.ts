import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore, type Hub, sharedClientMetadataUrl, startHub } from '../src/index.js'
import { CookieJar } from './support/cookie-jar.js'
import { buildAuthorization, knownClient, registerPublicClient } from './support/hub-client.js'

/**
 * The login page's headline ("Sign in to …") states only what the hub can vouch for: the plugin
 * a per-plugin resource names, or the name of a client the hub's operator or the hub itself
 * defined. What a client says of itself (`portico_deploy`, its registered name) is marked as
 * its own claim, so no client can pass itself off as another plugin.
 */

const UNVERIFIED = '<small class="unverified">(as the application says: not verified)</small>'
const PRE_REGISTERED = 'docs-site'

let hub: Hub

beforeAll(async () => {
  hub = await startHub({
    port: 0,
    store: createMemoryStore(),
    clients: [
      {
        clientId: PRE_REGISTERED,
        clientName: 'Operator docs site',
        redirectUris: ['http://127.0.0.1:8976/callback'],
      },
    ],
  })
})
afterAll(async () => {
  await hub?.close()
})

/** The `<h1>` and `<title>` of the login page for an authorization request of `clientId`. */
async function headline(
  clientId: string,
  parameters: Record<string, string> = {},
): Promise<{ h1: string; title: string }> {
  const request = await buildAuthorization(await knownClient(hub, clientId), parameters)
  const cookies = new CookieJar()
  const start = await fetch(request.url, { redirect: 'manual' })
  expect(start.status).toBe(303)
  cookies.store(request.url, start.headers.getSetCookie())
  const url = new URL(start.headers.get('location') ?? '', request.url)
  const html = await (await fetch(url, { headers: cookies.headerFor(url) })).text()
  return {
    h1: /<h1>[\s\S]*?<\/h1>/.exec(html)?.[0] ?? '(no h1)',
    title: /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '(no title)',
  }
}

async function registeredClient(name: string): Promise<string> {
  return (await registerPublicClient(hub, { client_name: name })).clientMetadata().client_id
}

describe('the sign-in headline', () => {
  it('marks portico_deploy as the application’s claim: any client can send it', async () => {
    const clientId = await registeredClient('Some MCP client')
    expect(await headline(clientId, { portico_deploy: 'acme/notes' })).toEqual({
      h1: `<h1>Sign in to acme/notes ${UNVERIFIED}</h1>`,
      title: 'Sign in to acme/notes (not verified) · Portico hub',
    })
  })

  it('names the plugin of a per-plugin resource as verified: the token is good only there', async () => {
    const clientId = await registeredClient('Some MCP client')
    expect(await headline(clientId, { resource: 'urn:portico:hub:acme:notes' })).toEqual({
      h1: '<h1>Sign in to acme/notes</h1>',
      title: 'Sign in to acme/notes · Portico hub',
    })
    const claimingOther = await headline(clientId, {
      resource: 'urn:portico:hub:acme:notes',
      portico_deploy: 'globex/billing',
    })
    expect(claimingOther.h1).toBe('<h1>Sign in to acme/notes</h1>')
  })

  it('marks the name a client registered itself as its own claim', async () => {
    const clientId = await registeredClient('acme/notes')
    expect((await headline(clientId)).h1).toBe(`<h1>Sign in to acme/notes ${UNVERIFIED}</h1>`)
  })

  it('names a pre-registered client and the shared localhost documents as verified', async () => {
    expect((await headline(PRE_REGISTERED)).h1).toBe('<h1>Sign in to Operator docs site</h1>')
    const shared = sharedClientMetadataUrl(hub.issuer, 4321)
    const page = await headline(shared, {
      redirect_uri: 'http://localhost:4321/oauth/callback',
      portico_deploy: 'acme/notes',
    })
    expect(page.h1).toBe(`<h1>Sign in to acme/notes ${UNVERIFIED}</h1>`)
    expect(
      (await headline(shared, { redirect_uri: 'http://localhost:4321/oauth/callback' })).h1,
    ).toBe('<h1>Sign in to Portico docs site on localhost:4321</h1>')
  })
})
