import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPlugin } from '../support/cli-process.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * `/.claude-plugin/marketplace.json` (issue 33, item 1): a Claude Code marketplace of this one
 * plugin, whose `archive` source is the plugin's own `/plugin.zip` on the request's public
 * origin, with the SHA-256 of the bytes that URL serves.
 */

interface Marketplace {
  name: string
  owner: { name: string }
  plugins: {
    name: string
    description: string
    version: string
    source: { source: string; url: string; sha256: string }
  }[]
}

let copy: { dir: string; remove(): Promise<void> }
let plugin: ServedPlugin

beforeAll(async () => {
  copy = await copyPlugin(notesExampleDir)
  // The example's config, behind a trusted proxy that names the public origin.
  const config = join(copy.dir, 'portico.config.ts')
  const source = await readFile(config, 'utf8')
  await writeFile(
    config,
    source.replace(
      "title: 'Notes',",
      "title: 'Notes',\n  server: { trustProxy: true, allowedHosts: ['notes.example'] },",
    ),
  )
  plugin = await servePlugin(copy.dir, { listenHost: '0.0.0.0' })
})
afterAll(async () => {
  await plugin.close()
  await copy.remove()
})

const publicHeaders = {
  host: 'notes.example',
  'x-forwarded-host': 'notes.example',
  'x-forwarded-proto': 'https',
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(`${plugin.url}${path}`, { headers })
  expect(response.status, path).toBe(200)
  return response
}

async function marketplaceAt(headers: Record<string, string> = {}): Promise<Marketplace> {
  return (await (await get('/.claude-plugin/marketplace.json', headers)).json()) as Marketplace
}

describe('/.claude-plugin/marketplace.json', () => {
  it('names the marketplace, its owner and the one plugin, as the agent-plugin manifest does', async () => {
    const marketplace = await marketplaceAt()
    const manifest = (await (await get('/.claude-plugin/plugin.json')).json()) as {
      name: string
      version: string
      description: string
      author: { name: string }
    }
    expect(marketplace.name).toBe(`${manifest.name}-marketplace`)
    expect(marketplace.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(marketplace.owner).toEqual(manifest.author)
    expect(marketplace.plugins).toHaveLength(1)
    const [entry] = marketplace.plugins
    expect(entry).toMatchObject({
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      source: { source: 'archive' },
    })
    expect(Object.keys(entry?.source ?? {}).sort()).toEqual(['sha256', 'source', 'url'])
    expect(entry?.source.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('points at /plugin.zip on the public origin, with the SHA-256 of the bytes it serves', async () => {
    // A loopback origin is linked as `localhost`, as every other document does.
    const local = plugin.url.replace('127.0.0.1', 'localhost')
    for (const [origin, headers] of [
      ['https://notes.example', publicHeaders],
      [local, {}],
    ] as const) {
      const [entry] = (await marketplaceAt(headers)).plugins
      expect(entry?.source.url).toBe(`${origin}/plugin.zip`)
      const zip = new Uint8Array(await (await get('/plugin.zip', headers)).arrayBuffer())
      expect(entry?.source.sha256).toBe(createHash('sha256').update(zip).digest('hex'))
      // The zip's own links name the same origin, so the digest is per origin.
      const manifest = JSON.parse(new TextDecoder().decode(unzipSync(zip)['plugin.json'])) as {
        extensions: Record<string, { package: string }>
      }
      expect(manifest.extensions['com.portico.plugin']?.package).toBe(`${origin}/plugin.zip`)
    }
  })

  it('is not in the package it describes', async () => {
    const zip = new Uint8Array(await (await get('/plugin.zip')).arrayBuffer())
    expect(Object.keys(unzipSync(zip))).not.toContain('.claude-plugin/marketplace.json')
  })

  it('answers with CORS *, JSON and a strong ETag that validates', async () => {
    const response = await get('/.claude-plugin/marketplace.json', publicHeaders)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const etag = response.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await fetch(`${plugin.url}/.claude-plugin/marketplace.json`, {
      headers: { ...publicHeaders, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
  })
})
