import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authSettingsFromEnv,
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const AUDIENCE = 'https://notes.example.com'
/** Long enough that a request right after the arming fetch is refused, not held (1 s at most). */
const COOLDOWN_MS = 3000
const claims = { sub: 'user-42', scope: 'notes.read' }
const dir = fixtureDir('auth-custom-plugin')
const NOT_FETCHED_YET = 'The token is signed with a key not fetched yet from the issuer'

function whoami(server: ServedPlugin, token: string): Promise<Response> {
  return fetch(`${server.url}/api/Me/whoami`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  })
}

/**
 * A token of a key the issuer may have just published is answered 200 (after a refetch) or 503
 * with `Retry-After` within the cool-down, never 401: clients drop a token answered 401.
 */
async function expectNotRefused(response: Response, surface: 'rest' | 'mcp'): Promise<void> {
  expect(response.status, await response.clone().text()).not.toBe(401)
  if (response.status === 200) return
  expect(response.status).toBe(503)
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(COOLDOWN_MS / 1000)
  expect(response.headers.get('www-authenticate')).toBeNull()
  expect(await response.json()).toEqual(
    surface === 'rest'
      ? {
          type: 'urn:portico:problem:unavailable',
          title: 'Service unavailable',
          status: 503,
          detail: NOT_FETCHED_YET,
        }
      : { error: 'temporarily_unavailable', error_description: NOT_FETCHED_YET },
  )
}

let issuer: TestIssuer
let served: ServedPlugin
beforeAll(async () => {
  issuer = await startTestIssuer()
  served = await servePlugin(dir, {
    auth: await authSettingsFromEnv(dir, { OAUTH_ISSUER: issuer.issuer, OAUTH_AUDIENCE: AUDIENCE }),
    jwksCooldownMs: COOLDOWN_MS,
  })
})
afterAll(async () => {
  await served?.close()
  await issuer?.close()
})

describe('a key rotation while an unknown kid holds the JWKS cool-down', () => {
  it('answers a token of the new key 503 with Retry-After, never 401, then 200', async () => {
    const before = issuer.jwksRequests
    // The first token fetches the keys, which lack its kid: refused for good, cool-down armed.
    const unknown = await issuer.mint(claims, { audience: AUDIENCE, kid: 'no-such-key' })
    expect((await whoami(served, unknown)).status).toBe(401)
    expect(issuer.jwksRequests).toBe(before + 1)
    const known = await issuer.mint(claims, { audience: AUDIENCE })
    expect((await whoami(served, known)).status).toBe(200)

    await issuer.rotateKeys()
    const rotated = await issuer.mint(claims, { audience: AUDIENCE })
    await expectNotRefused(await whoami(served, rotated), 'rest')
    await expectNotRefused(
      await postToolsList(`${served.url}/mcp`, { authorization: `Bearer ${rotated}` }),
      'mcp',
    )

    // Polled, not slept: every answer until the refetch is a 503, then 200 for good.
    const deadline = Date.now() + COOLDOWN_MS + 15_000
    let response = await whoami(served, rotated)
    while (response.status !== 200 && Date.now() < deadline) {
      await expectNotRefused(response, 'rest')
      await new Promise((resolve) => setTimeout(resolve, 100))
      response = await whoami(served, rotated)
    }
    expect(response.status).toBe(200)
    expect(
      (await postToolsList(`${served.url}/mcp`, { authorization: `Bearer ${rotated}` })).status,
    ).toBe(200)
    // One fetch for the unknown kid, one for the rotated key once the cool-down allowed it.
    expect(issuer.jwksRequests).toBe(before + 2)
  })
})
