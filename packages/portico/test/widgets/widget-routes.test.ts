import { readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { expectProblem } from '../support/expect-problem.js'
import { rawRequest } from '../support/raw-request.js'
import {
  fixtureDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

const SECRET = 'TOP-SECRET-WIDGET-TEST'
const PAGE_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads; default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; media-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *"

let plugin: { dir: string; remove(): Promise<void> }
let server: ServedPlugin
let page: string

beforeAll(async () => {
  // A copy of the fixture, with what a traversal would like to reach: files beside public/, a
  // dot-file in it, and links in it that lead out.
  plugin = await copyPlugin(fixtureDir('ui-plugin'))
  const { dir } = plugin
  await writeFile(join(dir, 'secret.txt'), SECRET)
  await writeFile(join(dir, 'public', '.env'), SECRET)
  await symlink(join(dir, 'secret.txt'), join(dir, 'public', 'escape.txt'))
  await symlink(dir, join(dir, 'public', 'up'))
  page = await readFile(join(dir, 'widgets', 'Board_show.html'), 'utf8')
  server = await servePlugin(dir)
})
afterAll(async () => {
  await server?.close()
  await plugin?.remove()
})

describe('GET /widgets/<toolId>', () => {
  it('serves the page as written, framable by any site under a sandbox-fit policy', async () => {
    const response = await fetch(`${server.url}/widgets/Board_show`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(page)
    const headers = Object.fromEntries(response.headers)
    expect(headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    })
    expect(headers['x-frame-options']).toBeUndefined()
  })

  it('answers HEAD with the headers of GET and no body, and 304 to its ETag', async () => {
    const get = await fetch(`${server.url}/widgets/Board_show`)
    const etag = get.headers.get('etag') ?? ''
    const head = await fetch(`${server.url}/widgets/Board_show`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page)))
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')
    const again = await fetch(`${server.url}/widgets/Board_show`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
  })

  it('answers 404 problem+json for an id with no widget', async () => {
    expect((await fetch(`${server.url}/widgets/Board_show`, { method: 'HEAD' })).status).toBe(200)
    for (const toolId of ['Board_count', 'board_show', 'Nope_nope', 'Board_show.html']) {
      const response = await fetch(`${server.url}/widgets/${toolId}`)
      await expectProblem(response, 'not_found')
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
      expect(await response.json()).toMatchObject({ type: 'urn:portico:problem:not_found' })
    }
  })
})

describe('GET /widget-assets/<path>', () => {
  it.each([
    ['board.css', 'text/css; charset=utf-8'],
    ['board.js', 'text/javascript; charset=utf-8'],
    ['dot.svg', 'image/svg+xml; charset=utf-8'],
  ])('re-serves public/%s as %s, readable and embeddable from any origin', async (name, type) => {
    const response = await fetch(`${server.url}/widget-assets/${name}`, {
      headers: { origin: 'https://host.example' },
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(await readFile(join(plugin.dir, 'public', name), 'utf8'))
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': type,
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      etag: expect.any(String),
    })
  })

  it('answers 304 to the ETag, still naming the cross-origin policy', async () => {
    const first = await fetch(`${server.url}/widget-assets/board.css`)
    const etag = first.headers.get('etag') ?? ''
    const again = await fetch(`${server.url}/widget-assets/board.css`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })

  it('refuses every way out of public/ with 400 or 404 problem+json, never a file outside', async () => {
    const served = await rawRequest(server.url, {
      method: 'GET',
      path: '/widget-assets/board.css',
      headers: {},
    })
    expect(served.status).toBe(200)
    const refusals: [string, number][] = [
      ['/widget-assets/../secret.txt', 404],
      // An encoded dot segment is refused on node:http before any route (400).
      ['/widget-assets/%2e%2e/secret.txt', 400],
      ['/widget-assets/%2E%2e/secret.txt', 400],
      ['/widget-assets/..%2fsecret.txt', 404],
      ['/widget-assets/..%5csecret.txt', 404],
      ['/widget-assets/%252e%252e/secret.txt', 404],
      ['/widget-assets//etc/passwd', 404],
      ['/widget-assets/.env', 404],
      ['/widget-assets/%2eenv', 404],
      ['/widget-assets/escape.txt', 404],
      ['/widget-assets/up/secret.txt', 404],
      ['/widget-assets/up/tools/board.ts', 404],
      ['/widget-assets/missing.js', 404],
      ['/widget-assets/%00', 400],
      ['/widget-assets/board.css%00.html', 400],
      ['/widget-assets/%E0%A4%A', 400],
    ]
    for (const [path, status] of refusals) {
      const answer = await rawRequest(server.url, { method: 'GET', path, headers: {} })
      expect(answer.status, path).toBe(status)
      expect(answer.headers['content-type'], path).toBe('application/problem+json; charset=utf-8')
      expect(answer.body, path).not.toContain(SECRET)
      expect(answer.body, path).not.toContain('export class Board')
    }
  })
})

describe('GET /widget-assets/_portico/widget.js', () => {
  it('serves the widget runtime, an ES module, cached a day and revalidated by its ETag', async () => {
    const response = await fetch(`${server.url}/widget-assets/_portico/widget.js`)
    expect(response.status).toBe(200)
    const headers = Object.fromEntries(response.headers)
    expect(headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=86400',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    })
    const code = await response.text()
    expect(code).toMatch(/export\s*\{[^}]*\bconnectWidget\b/)
    expect(code).not.toMatch(/\brequire\(|node:/)
    const again = await fetch(`${server.url}/widget-assets/_portico/widget.js`, {
      headers: { 'if-none-match': headers.etag ?? '' },
    })
    expect(again.status).toBe(304)
  })
})

describe('widget routes in an authenticated mode', () => {
  let issuer: TestIssuer
  let guarded: ServedPlugin

  beforeAll(async () => {
    issuer = await startTestIssuer()
    guarded = await servePlugin(plugin.dir, { auth: testAuthSettings(issuer) })
  })
  afterAll(async () => {
    await guarded?.close()
    await issuer?.close()
  })

  it('serves the page and its assets without a token, while /mcp asks for one', async () => {
    expect((await postToolsList(`${guarded.url}/mcp`)).status).toBe(401)
    for (const path of ['/widgets/Board_show', '/widget-assets/board.js']) {
      const response = await fetch(`${guarded.url}${path}`)
      expect(response.status, path).toBe(200)
      await response.arrayBuffer()
    }
  })
})
