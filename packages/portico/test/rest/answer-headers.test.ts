import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { rawRequest } from '../support/raw-request.js'
import {
  callTool,
  fixtureDir,
  notesExampleDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'
import { startTestIssuer, type TestIssuer, testAuthSettings } from '../support/test-issuer.js'

/**
 * The headers an answer owes to what it holds and to where it was asked (issue 26, items 9 and
 * 11): `nosniff` on every answer, `Strict-Transport-Security` when the public origin is https,
 * `Vary` on the forwarded headers an answer's links follow.
 */

const FORWARDED_VARY = 'X-Forwarded-Host, X-Forwarded-Proto'

describe('on every answer', () => {
  let plugin: ServedPlugin
  beforeAll(async () => {
    plugin = await servePlugin(notesExampleDir)
  })
  afterAll(() => plugin.close())

  it('says nosniff on JSON, problems and MCP answers', async () => {
    const answers = [
      await callTool(plugin.url, '/api/Notes/search', { query: 'x' }),
      await callTool(plugin.url, '/api/Notes/search', '{'),
      await postToolsList(`${plugin.url}/mcp`),
      await fetch(`${plugin.url}/open-api.json`),
      await fetch(`${plugin.url}/mcp.json`),
      await fetch(`${plugin.url}/nothing-here`),
    ]
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff')
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200, 200, 200, 404])
  })

  it('sends no HSTS and no Vary on plain http without a trusted proxy', async () => {
    const answer = await fetch(`${plugin.url}/mcp.json`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'notes.example' },
    })
    expect(answer.headers.get('strict-transport-security')).toBeNull()
    expect(answer.headers.get('vary')).toBeNull()
  })
})

describe('behind a trusted proxy', () => {
  let issuer: TestIssuer
  let copy: { dir: string; remove(): Promise<void> }
  let plugin: ServedPlugin
  beforeAll(async () => {
    issuer = await startTestIssuer()
    copy = await copyPlugin(fixtureDir('auth-custom-plugin'))
    await writeFile(
      join(copy.dir, 'portico.config.ts'),
      "export default { title: 'Notes', auth: 'custom', server: { trustProxy: true, allowedHosts: ['notes.example'] } }\n",
    )
    plugin = await servePlugin(copy.dir, {
      listenHost: '0.0.0.0',
      auth: testAuthSettings(issuer, { audience: 'api://notes' }),
    })
  })
  afterAll(async () => {
    await plugin.close()
    await copy.remove()
    await issuer.close()
  })

  const proxied = (proto: string) => ({
    host: 'notes.example',
    'x-forwarded-host': 'notes.example',
    'x-forwarded-proto': proto,
  })

  it('varies every read whose links follow the forwarded headers', async () => {
    for (const path of [
      '/.well-known/oauth/client-metadata.json',
      '/.well-known/oauth-protected-resource/mcp',
      '/mcp.json',
      '/open-api.json',
      '/plugin.zip',
    ]) {
      const answer = await rawRequest(plugin.url, { method: 'GET', path, headers: proxied('http') })
      expect(answer.status, path).toBe(200)
      expect(answer.headers.vary, path).toContain(FORWARDED_VARY)
    }
  })

  it('names only allowed hosts in what it serves, whatever the client forwards', async () => {
    const answer = await rawRequest(plugin.url, {
      method: 'GET',
      path: '/mcp.json',
      headers: { host: 'notes.example', 'x-forwarded-host': 'billing-api.example' },
    })
    expect(answer.body).not.toContain('billing-api.example')
    // Nor the Host, which a proxy copies from the same client: the listener's name.
    expect(answer.body).toContain('"url": "http://localhost/mcp"')
  })

  it('sends HSTS on every answer asked over https, REST and MCP included', async () => {
    const token = await issuer.mint({ scope: 'notes' }, { audience: 'api://notes' })
    const answers = [
      await rawRequest(plugin.url, { method: 'GET', path: '/mcp.json', headers: proxied('https') }),
      await rawRequest(plugin.url, {
        method: 'POST',
        path: '/api/Me/whoami',
        headers: { ...proxied('https'), 'content-type': 'application/json' },
        body: '{}',
      }),
      await rawRequest(plugin.url, {
        method: 'POST',
        path: '/api/Me/whoami',
        headers: {
          ...proxied('https'),
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        body: '{}',
      }),
      await rawRequest(plugin.url, {
        method: 'POST',
        path: '/mcp',
        headers: {
          ...proxied('https'),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 200])
    for (const answer of answers) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=63072000')
    }
    const plain = await rawRequest(plugin.url, {
      method: 'GET',
      path: '/mcp.json',
      headers: proxied('http'),
    })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
  })
})
