import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { rawRequest } from '../support/raw-request.js'
import {
  callTool,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

async function searchTitles(url: string, query: string): Promise<string[]> {
  const response = await callTool(url, '/api/Notes/search', { query })
  expect(response.status).toBe(200)
  const { matches } = (await response.json()) as { matches: { note: { title: string } }[] }
  return matches.map((match) => match.note.title)
}

async function expectRefused(response: Response, detail: RegExp): Promise<void> {
  await expectProblem(response, 'forbidden')
  expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
  const problem = (await response.json()) as { type: string; detail: string }
  expect(problem.type).toBe('urn:portico:problem:forbidden')
  expect(problem.detail).toMatch(detail)
}

// Node serves REST through its edge; Bun, Deno and edge runtimes through the Fetch handler.
describe.each([
  { name: 'the Node edge', nodeEdge: true },
  { name: 'the Fetch handler', nodeEdge: false },
])('REST local safety through $name', ({ nodeEdge }) => {
  describe('on loopback, in mode anon', () => {
    let server: ServedPlugin
    beforeAll(async () => {
      server = await servePlugin(notesExampleDir, { nodeEdge })
    })
    afterAll(() => server.close())

    it('refuses a cross-site Origin with 403 problem+json, and the tool never runs', async () => {
      const response = await callTool(
        server.url,
        '/api/Notes/create',
        { title: 'pwned-origin' },
        { origin: 'http://evil.com' },
      )
      await expectRefused(response, /Invalid Origin: evil\.com.*loopback/)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(await searchTitles(server.url, 'pwned-origin')).toStrictEqual([])
    })

    it('refuses a simple POST with an empty body (no preflight) from a website', async () => {
      const response = await fetch(`${server.url}/api/Tags/list`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      })
      await expectRefused(response, /evil\.example/)
    })

    it('refuses a cross-site browser request that carries no Origin', async () => {
      const response = await fetch(`${server.url}/api/Tags/list`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site' },
      })
      await expectRefused(response, /cross-site/i)
    })

    it('refuses a foreign Host (DNS rebinding), and the tool never runs', async () => {
      const answer = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/Notes/create',
        headers: { host: 'evil.example:4321', 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'pwned-host' }),
      })
      await expectProblem(answer, 'forbidden')
      expect(JSON.parse(answer.body).detail).toMatch(/Invalid Host: evil\.example/)
      expect(await searchTitles(server.url, 'pwned-host')).toStrictEqual([])
    })

    it('serves the docs site (same origin), other loopback pages and clients without Origin', async () => {
      const sameOrigin = await callTool(
        server.url,
        '/api/Notes/create',
        { title: 'from the docs site' },
        { origin: server.url, 'sec-fetch-site': 'same-origin' },
      )
      expect(sameOrigin.status).toBe(200)
      const localPage = await callTool(
        server.url,
        '/api/Notes/search',
        { query: 'x' },
        { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' },
      )
      expect(localPage.status).toBe(200)
      const typed = await fetch(`${server.url}/api/Tags/list`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'none' },
      })
      expect(typed.status).toBe(200)
      expect((await callTool(server.url, '/api/Tags/list', {})).status).toBe(200)
    })

    it('grants no preflight to a refused origin on a tool route, and grants a loopback one', async () => {
      const preflight = (origin: string, path = '/api/Notes/create') =>
        fetch(`${server.url}${path}`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        })
      for (const path of ['/api/Notes/create', '/mcp']) {
        const refused = await preflight('https://evil.example', path)
        await expectProblem(refused, 'forbidden')
        expect(refused.headers.get('access-control-allow-methods'), path).toBeNull()
        expect(refused.headers.get('access-control-allow-headers'), path).toBeNull()
        expect(refused.headers.get('access-control-allow-origin'), path).toBeNull()
        expect(refused.headers.get('x-content-type-options'), path).toBe('nosniff')
      }
      const granted = await preflight('http://localhost:5173')
      expect(granted.status).toBe(204)
      expect(granted.headers.get('access-control-allow-headers')).toBe('content-type')
      // Documents stay readable by any site: their preflights are granted.
      expect((await preflight('https://evil.example', '/open-api.json')).status).toBe(204)
    })

    it('never names a foreign Host in /open-api.json', async () => {
      const answer = await rawRequest(server.url, {
        method: 'GET',
        path: '/open-api.json',
        headers: { host: 'evil.example:4321' },
      })
      expect(answer.status).toBe(200)
      const { servers } = JSON.parse(answer.body) as { servers: { url: string }[] }
      // The listener, on the port the request came in on: never the one the Host named.
      expect(servers).toStrictEqual([{ url: `http://127.0.0.1:${new URL(server.url).port}` }])
      const own = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
        servers: { url: string }[]
      }
      expect(own.servers).toStrictEqual([{ url: server.url }])
    })
  })

  describe('beyond loopback, with nothing configured', () => {
    let server: ServedPlugin
    beforeAll(async () => {
      server = await servePlugin(notesExampleDir, { nodeEdge, listenHost: '0.0.0.0' })
    })
    afterAll(() => server.close())

    it('refuses another site’s page in mode anon: no token guards the tools', async () => {
      const response = await callTool(
        server.url,
        '/api/Notes/search',
        { query: 'x' },
        { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' },
      )
      await expectRefused(response, /^Invalid Origin: app\.example\. .*server\.allowBrowserOrigins/)
    })

    it('lets programs and the plugin’s own pages call', async () => {
      expect((await callTool(server.url, '/api/Notes/search', { query: 'x' })).status).toBe(200)
      const own = await callTool(
        server.url,
        '/api/Notes/search',
        { query: 'x' },
        { origin: server.url, 'sec-fetch-site': 'same-origin' },
      )
      expect(own.status).toBe(200)
      expect(own.headers.get('access-control-allow-origin')).toBe('*')
    })

    it('names the listener, never an unchecked Host, in /open-api.json', async () => {
      const { port } = new URL(server.url)
      const answer = await rawRequest(server.url, {
        method: 'GET',
        path: '/open-api.json',
        headers: { host: `evil.example:${port}` },
      })
      expect(answer.body).not.toContain('evil.example')
      expect(JSON.parse(answer.body).servers).toStrictEqual([{ url: `http://localhost:${port}` }])
    })
  })
})
