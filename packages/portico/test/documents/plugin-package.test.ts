import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { unpackZip } from '../package/unpack-zip.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

async function bytesOf(path: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

/** Which URL serves each entry of /plugin.zip. */
function urlOfZipEntry(entry: string): string {
  const fixed: Record<string, string> = {
    'plugin.json': '/plugin.json',
    '.claude-plugin/plugin.json': '/.claude-plugin/plugin.json',
    'mcp.json': '/mcp.json',
    '.mcp.json': '/mcp.json',
    'README.md': '/readme.md',
    'com.portico.plugin/contents.json': '/com.portico.plugin/contents.json',
  }
  return fixed[entry] ?? `/${entry}`
}

/** Splits `---` YAML frontmatter from a markdown file, independently of Portico's loader. */
function frontmatterOf(markdown: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown)
  expect(match, 'frontmatter').not.toBeNull()
  return parse(match?.[1] ?? '') as Record<string, unknown>
}

describe('/plugin.zip and the skill zips', () => {
  it('holds every entry byte-equal to what its URL serves', async () => {
    const entries = unzipSync(await bytesOf('/plugin.zip'))
    const names = Object.keys(entries)
    expect(names).toEqual(
      expect.arrayContaining([
        'plugin.json',
        '.claude-plugin/plugin.json',
        'mcp.json',
        '.mcp.json',
        'README.md',
        'com.portico.plugin/contents.json',
        'skills/note-taking/SKILL.md',
        'agents/note-organizer.md',
      ]),
    )
    for (const name of names) {
      expect(
        Buffer.from(entries[name] ?? []).equals(await bytesOf(urlOfZipEntry(name))),
        name,
      ).toBe(true)
    }
  })

  it('packs each skill under its folder, byte-equal to its files, and serves the same bytes as .skill', async () => {
    const catalog = (await (await fetch(`${server.url}/skills/catalog.json`)).json()) as {
      skills: { name: string }[]
    }
    expect(catalog.skills.map((skill) => skill.name)).toEqual(['note-taking', 'weekly-review'])
    for (const { name } of catalog.skills) {
      const zip = await bytesOf(`/skills/${name}.zip`)
      expect(zip.equals(await bytesOf(`/skills/${name}.skill`))).toBe(true)
      const entries = unzipSync(zip)
      expect(Object.keys(entries).every((entry) => entry.startsWith(`${name}/`))).toBe(true)
      for (const entry of Object.keys(entries)) {
        expect(
          Buffer.from(entries[entry] ?? []).equals(await bytesOf(`/skills/${entry}`)),
          entry,
        ).toBe(true)
      }
    }
  })

  it('gives the same bytes and ETag on every request (deterministic archives)', async () => {
    const first = await fetch(`${server.url}/plugin.zip`)
    const second = await fetch(`${server.url}/plugin.zip`)
    expect(first.headers.get('etag')).toBe(second.headers.get('etag'))
    expect(
      Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await second.arrayBuffer())),
    ).toBe(true)
    const cached = await fetch(`${server.url}/plugin.zip`, {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    })
    expect(cached.status).toBe(304)
  })

  it('unpacks into a valid agent plugin folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-package-'))
    try {
      await unpackZip(await bytesOf('/plugin.zip'), dir)
      const manifest = JSON.parse(
        await readFile(join(dir, '.claude-plugin/plugin.json'), 'utf8'),
      ) as Record<string, unknown>
      expect(manifest.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
      expect(typeof manifest.version).toBe('string')
      expect(Array.isArray(manifest.keywords)).toBe(true)
      expect(manifest.author).toEqual({ name: 'Portico team' })
      // No component paths: a path replaces (agents) or adds to (skills) the default places,
      // which hold every component.
      const componentKeys = [
        'skills',
        'commands',
        'agents',
        'workflows',
        'hooks',
        'mcpServers',
        'outputStyles',
        'lspServers',
      ]
      expect(Object.keys(manifest).filter((key) => componentKeys.includes(key))).toEqual([])
      expect((await readdir(join(dir, 'skills'))).sort()).toEqual(['note-taking', 'weekly-review'])
      expect((await readdir(join(dir, 'agents'))).sort()).toEqual([
        'meeting-scribe.md',
        'note-organizer.md',
      ])
      await expect(stat(join(dir, '.mcp.json'))).resolves.toBeDefined()
      expect(await readdir(join(dir, '.claude-plugin'))).toEqual(['plugin.json'])

      const mcp = JSON.parse(await readFile(join(dir, '.mcp.json'), 'utf8')) as {
        mcpServers: Record<string, { type: string; url: string }>
      }
      expect(Object.values(mcp.mcpServers).length).toBeGreaterThanOrEqual(2)
      for (const entry of Object.values(mcp.mcpServers)) {
        expect(entry.type).toBe('http')
        expect(entry.url).toMatch(/^https?:\/\/.+\/mcp/)
      }

      const skillKeys = new Set([
        'name',
        'description',
        'license',
        'compatibility',
        'metadata',
        'allowed-tools',
        'when_to_use',
        'argument-hint',
        'arguments',
        'disable-model-invocation',
        'user-invocable',
        'disallowed-tools',
        'model',
        'effort',
        'context',
        'agent',
        'background',
        'hooks',
        'paths',
        'shell',
      ])
      for (const name of await readdir(join(dir, 'skills'))) {
        const front = frontmatterOf(await readFile(join(dir, 'skills', name, 'SKILL.md'), 'utf8'))
        expect(front.name).toBe(name)
        expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(String(front.description).length).toBeGreaterThan(0)
        expect(String(front.description).length).toBeLessThanOrEqual(1024)
        expect(String(front.description)).not.toMatch(/[<>]/)
        expect(Object.keys(front).filter((key) => !skillKeys.has(key))).toEqual([])
      }
      const agentKeys = new Set([
        'name',
        'description',
        'model',
        'effort',
        'maxTurns',
        'tools',
        'disallowedTools',
        'skills',
        'memory',
        'background',
        'isolation',
        'color',
      ])
      for (const file of await readdir(join(dir, 'agents'))) {
        const front = frontmatterOf(await readFile(join(dir, 'agents', file), 'utf8'))
        expect(`${front.name}.md`).toBe(file)
        expect(String(front.description).length).toBeGreaterThan(0)
        expect(Object.keys(front).filter((key) => !agentKeys.has(key))).toEqual([])
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
