import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthSettings } from '../../src/auth/auth-settings.js'
import { rawRequest } from '../support/raw-request.js'
import {
  authSettingsFromEnv,
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer } from '../support/test-issuer.js'

const pluginDir = fixtureDir('auth-custom-plugin')
let issuer: TestIssuer

function settings(): Promise<AuthSettings> {
  return authSettingsFromEnv(pluginDir, {
    OAUTH_ISSUER: issuer.issuer,
    OAUTH_AUDIENCE: 'https://notes.example.com',
  })
}

beforeAll(async () => {
  issuer = await startTestIssuer()
})
afterAll(() => issuer?.close())

describe.each([
  { name: 'the Node edge', nodeEdge: true },
  { name: 'the Fetch handler', nodeEdge: false },
])('an authenticated plugin through $name', ({ nodeEdge }) => {
  describe.each([
    { where: 'on loopback', listenHost: '127.0.0.1' },
    { where: 'beyond loopback, with nothing configured', listenHost: '0.0.0.0' },
  ])('$where', ({ listenHost }) => {
    let server: ServedPlugin
    beforeAll(async () => {
      server = await servePlugin(pluginDir, { nodeEdge, listenHost, auth: await settings() })
    })
    afterAll(() => server?.close())

    it('never names a foreign Host in the REST challenge', async () => {
      const { port } = new URL(server.url)
      const answer = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/Me/whoami',
        headers: { host: `evil.example:${port}`, 'content-type': 'application/json' },
        body: '{}',
      })
      const challenge = answer.headers['www-authenticate']
      // Refused outright on loopback (403), challenged with the listener's address beyond it.
      expect([401, 403]).toContain(answer.status)
      expect(String(challenge ?? '')).not.toContain('evil.example')
      if (answer.status === 401) {
        expect(challenge).toContain(
          `resource_metadata="http://localhost:${port}/.well-known/oauth-protected-resource"`,
        )
      }
    })

    it('never names a foreign Host in the MCP challenge or the metadata resource', async () => {
      const { port } = new URL(server.url)
      const host = `evil.example:${port}`
      const mcp = await rawRequest(server.url, {
        method: 'POST',
        path: '/mcp',
        headers: { host, 'content-type': 'application/json', accept: 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      })
      expect([401, 403]).toContain(mcp.status)
      expect(String(mcp.headers['www-authenticate'] ?? '')).not.toContain('evil.example')
      const metadata = await rawRequest(server.url, {
        method: 'GET',
        path: '/.well-known/oauth-protected-resource/mcp',
        headers: { host },
      })
      expect(metadata.status).toBe(200)
      expect(metadata.body).not.toContain('evil.example')
    })

    it('keeps the JSON mirrors public while /mcp needs a token', async () => {
      for (const path of [
        '/mcp/tools.json',
        '/mcp/prompts.json',
        '/mcp/resources.json',
        '/open-api.json',
      ]) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200)
      }
      const mcp = await postToolsList(`${server.url}/mcp`)
      expect(mcp.status).toBe(401)
      expect((await fetch(`${server.url}/api/Me/whoami`, { method: 'POST' })).status).toBe(401)
    })
  })
})
