import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  notesExampleDir,
  postToolsList,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

/**
 * The discovery documents (issue 33, item 3): `/llms.txt`, the RFC 9727 `/.well-known/api-catalog`,
 * the Agent Skills index `/.well-known/agent-skills/index.json` (v0.2.0) and an MCP Server Card
 * per hosted server (`<mcp-url>/server-card`, and `/.well-known/mcp/server-card.json` for the
 * main one). Each answers with CORS `*` and an ETag, and every URL it names answers 200.
 */

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)

/**
 * A validator of the schema in `fixtures/schemas/<file>` (each with its source in that folder's
 * README), which fails the test with the schema's errors.
 */
function schemaValidator(file: string): (value: unknown) => void {
  const path = resolve(import.meta.dirname, '../fixtures/schemas', file)
  const validate = ajv.compile(JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
  return (value) => {
    expect(validate(value), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true)
  }
}

let plugin: ServedPlugin
let origin: string

beforeAll(async () => {
  plugin = await servePlugin(notesExampleDir)
  // The origin every other document links to.
  const manifest = (await (await fetch(`${plugin.url}/plugin.json`)).json()) as {
    extensions: Record<string, { package: string }>
  }
  origin = new URL(manifest.extensions['com.portico.plugin']?.package ?? '').origin
})
afterAll(() => plugin.close())

async function get(path: string): Promise<Response> {
  const response = await fetch(`${plugin.url}${path}`)
  expect(response.status, path).toBe(200)
  return response
}

async function getJson<T>(path: string): Promise<T> {
  return (await (await get(path)).json()) as T
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return new Uint8Array(await response.arrayBuffer())
}

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}

/**
 * GET answers 200; an MCP endpoint is asked with a POST of `tools/list`, as MCP has it. A tool's
 * REST operation takes a POST that would run the tool: it is checked to be an operation of
 * `/open-api.json`, whose calls the REST suites make.
 */
async function expectAnswers(url: string): Promise<void> {
  const local = url.replace(origin, plugin.url)
  const { pathname } = new URL(local)
  if (/^\/api\/[^/]+\/[^/]+$/.test(pathname)) {
    const openApi = await getJson<{ paths: Record<string, { post?: unknown }> }>('/open-api.json')
    expect(openApi.paths[decodeURIComponent(pathname)]?.post, url).toBeDefined()
    return
  }
  const isEndpoint = /\/mcp(\/[^/]+)?$/.test(pathname)
  const response = isEndpoint ? await postToolsList(local) : await fetch(local)
  await response.arrayBuffer()
  expect(response.status, url).toBe(200)
}

interface SkillsIndex {
  version: string
  skills: {
    name: string
    description: string
    digest: string
    files: { path: string; digest: string }[]
    package: { url: string; digest: string }
  }[]
}

describe('/llms.txt', () => {
  it('has the H1 title, the summary blockquote and a section of links per kind', async () => {
    const response = await get('/llms.txt')
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    const text = await response.text()
    const lines = text.split('\n')
    expect(lines[0]).toBe('# Notes')
    expect(lines[2]).toMatch(/^> \S/)
    const sections = lines.filter((line) => line.startsWith('## '))
    expect(sections).toEqual(['## Tools', '## Prompts', '## Skills', '## Agents', '## Documents'])
    expect(text).toContain(`- [note-taking](${origin}/#/skills/note-taking)`)
    expect(text).toContain(`${origin}/api/Notes/search`)
    expect(text).toContain(`(${origin}/#/agents/note-organizer)`)
    // Every H1 and H2 is a line of its own, and only one H1.
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1)
    // Each item of an H2 section is a link with optional notes after a colon, as llms.txt's
    // reference parser reads it (AnswerDotAI/llms-txt, miniparse.py: `-\s*\[title\]\(url\)(:\s*desc)?`).
    const items = lines
      .slice(lines.indexOf(sections[0] ?? ''))
      .filter((line) => line.startsWith('-'))
    expect(items.length).toBeGreaterThan(10)
    for (const item of items)
      expect(item).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\([^)\s]+\)(?::(?: .*)?)?$/)
  })

  it('names only URLs that answer', async () => {
    const text = await (await get('/llms.txt')).text()
    const urls = [...new Set(text.match(/https?:\/\/[^\s)<>]+/g) ?? [])].map((url) =>
      url.replace(/[.;,]$/, ''),
    )
    expect(urls.length).toBeGreaterThan(10)
    for (const url of urls) await expectAnswers(url)
  })
})

describe('/.well-known/api-catalog', () => {
  it('is a linkset with the OpenAPI document as service-desc and the docs site as service-doc', async () => {
    const response = await get('/.well-known/api-catalog')
    expect(response.headers.get('content-type')).toBe(
      'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
    )
    const catalog = (await response.json()) as {
      linkset: Record<string, unknown>[]
    }
    schemaValidator('api-catalog-linkset.json')(catalog)
    expect(catalog.linkset).toEqual([
      {
        anchor: `${origin}/api`,
        'service-desc': [{ href: `${origin}/open-api.json`, type: 'application/json' }],
        'service-doc': [{ href: `${origin}/`, type: 'text/html' }],
      },
    ])
    const [api] = catalog.linkset
    const targets = [api?.['service-desc'] ?? [], api?.['service-doc'] ?? []].flat()
    for (const target of targets as { href: string }[]) await expectAnswers(target.href)
  })
})

describe('/.well-known/agent-skills/index.json', () => {
  it('lists each skill, version 0.2.0, SKILL.md first, with the digests of the bytes served', async () => {
    const index = await getJson<SkillsIndex>('/.well-known/agent-skills/index.json')
    schemaValidator('agent-skills-index.json')(index)
    expect(index.version).toBe('0.2.0')
    const catalog = await getJson<{ skills: { name: string; description: string }[] }>(
      '/skills/catalog.json',
    )
    expect(index.skills.map(({ name, description }) => ({ name, description }))).toEqual(
      catalog.skills.map(({ name, description }) => ({ name, description })),
    )
    for (const skill of index.skills) {
      expect(skill.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(skill.files[0]?.path).toBe('SKILL.md')
      const lines: string[] = []
      for (const file of skill.files) {
        const url = `${plugin.url}/.well-known/agent-skills/${skill.name}/${file.path.split('/').map(encodeURIComponent).join('/')}`
        const bytes = await bytesOf(url)
        expect(file.digest, file.path).toBe(`sha256:${sha256(bytes)}`)
        lines.push(`${file.path}\0${sha256(bytes)}\n`)
      }
      // The skill-level digest, by the index's own algorithm: sorted `<path>\0<hex>\n` lines.
      const manifest = lines.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).join('')
      expect(skill.digest).toBe(`sha256:${sha256(new TextEncoder().encode(manifest))}`)
      // The package: the skill folder at the archive's root, its digest that of the bytes served.
      expect(skill.package.url).toBe(`${origin}/.well-known/agent-skills/${skill.name}.zip`)
      const zip = await bytesOf(skill.package.url.replace(origin, plugin.url))
      expect(skill.package.digest).toBe(`sha256:${sha256(zip)}`)
      const entries = unzipSync(zip)
      expect(Object.keys(entries).sort()).toEqual(skill.files.map((file) => file.path).sort())
      for (const file of skill.files)
        expect(`sha256:${sha256(entries[file.path] ?? new Uint8Array())}`).toBe(file.digest)
    }
  })

  it('serves the well-known file path with the same bytes as /skills/, and 404 for others', async () => {
    const [a, b] = await Promise.all([
      bytesOf(`${plugin.url}/.well-known/agent-skills/note-taking/SKILL.md`),
      bytesOf(`${plugin.url}/skills/note-taking/SKILL.md`),
    ])
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
    for (const path of [
      '/.well-known/agent-skills/nothing/SKILL.md',
      '/.well-known/agent-skills/note-taking/../x',
    ]) {
      const response = await fetch(`${plugin.url}${path}`)
      await response.arrayBuffer()
      expect(response.status, path).toBe(404)
    }
  })
})

describe('the MCP Server Cards', () => {
  const expectCard = schemaValidator('mcp-server-card.json')

  it('describe each hosted server at <mcp-url>/server-card, valid against the published schema', async () => {
    const config = await getJson<{ mcpServers: Record<string, { url: string }> }>('/mcp.json')
    const hosted = Object.values(config.mcpServers)
      .map((server) => server.url)
      .filter((url) => url.startsWith(origin))
    expect(hosted).toEqual([`${origin}/mcp`, `${origin}/mcp/tags`])
    const names = new Set<string>()
    for (const url of hosted) {
      const response = await get(`${new URL(url).pathname}/server-card`)
      expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json')
      const card = (await response.json()) as {
        name: string
        version: string
        remotes: { type: string; url: string }[]
      }
      expectCard(card)
      expect(card.remotes).toEqual([{ type: 'streamable-http', url }])
      names.add(card.name)
      for (const text of stringsIn(card).filter((value) => value.startsWith(origin)))
        await expectAnswers(text)
    }
    expect(names.size).toBe(2)
  })

  it('serves the main card at /.well-known/mcp/server-card.json too, with CORS * and an ETag', async () => {
    const main = await get('/mcp/server-card')
    const alias = await get('/.well-known/mcp/server-card.json')
    expect(await alias.text()).toBe(await main.text())
    expect(alias.headers.get('access-control-allow-origin')).toBe('*')
    const etag = alias.headers.get('etag') ?? ''
    expect(etag).toBe(main.headers.get('etag'))
    const again = await fetch(`${plugin.url}/mcp/server-card`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    // A server the plugin does not host has no card; its MCP route answers as before.
    const none = await fetch(`${plugin.url}/mcp/nothing/server-card`)
    await none.arrayBuffer()
    expect(none.status).toBe(404)
  })
})

describe('every discovery document', () => {
  it('answers with CORS * and a strong ETag that validates', async () => {
    for (const path of [
      '/llms.txt',
      '/.well-known/api-catalog',
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/note-taking.zip',
    ]) {
      const response = await get(path)
      await response.arrayBuffer()
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*')
      const etag = response.headers.get('etag') ?? ''
      expect(etag, path).toMatch(/^"[^"]+"$/)
      const again = await fetch(`${plugin.url}${path}`, { headers: { 'if-none-match': etag } })
      expect(again.status, path).toBe(304)
    }
  })

  it('names only URLs that answer', async () => {
    const index = await getJson<unknown>('/.well-known/agent-skills/index.json')
    // A linkset's `anchor` is the context the links are about (the REST API's base), not a
    // link target: the targets are the URLs to fetch.
    const { linkset } = await getJson<{ linkset: Record<string, unknown>[] }>(
      '/.well-known/api-catalog',
    )
    const targets = linkset.map(({ anchor: _anchor, ...links }) => links)
    const urls = [...stringsIn(index), ...stringsIn(targets)].filter((text) =>
      text.startsWith(origin),
    )
    expect(urls.length).toBeGreaterThan(3)
    for (const url of urls) await expectAnswers(url)
  })
})
