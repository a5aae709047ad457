import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { type Unzipped, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { AgentsCatalog } from '../../src/surfaces/documents/agent-documents.js'
import type { SkillsCatalog } from '../../src/surfaces/documents/build-skills-catalog.js'
import { rawMcp } from '../support/raw-mcp.js'
import {
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

const repositoryDir = resolve(import.meta.dirname, '../../../..')
const biome = join(repositoryDir, 'node_modules/.bin/biome')
/** The folders of a plugin whose markdown Portico serves or packs as its author wrote it. */
const authoredFolders = ['agents', 'prompts', 'skills']

/** The plugins served here: the example, and skills with files in nested sub-folders. */
const servedDirs = [notesExampleDir, fixtureDir('package-skill-folders-plugin')]

/** A served plugin and the entries of its `/plugin.zip`. */
interface ServedPackage {
  server: ServedPlugin
  zip: Unzipped
}
const served = new Map<string, ServedPackage>()

beforeAll(async () => {
  for (const dir of servedDirs) {
    const server = await servePlugin(dir)
    served.set(dir, { server, zip: unzipSync(await bytesOf(server, '/plugin.zip')) })
  }
})
afterAll(async () => {
  await Promise.all([...served.values()].map(({ server }) => server.close()))
})

function servedOf(dir: string): ServedPackage {
  const found = served.get(dir)
  if (!found) throw new Error(`${dir} is served in beforeAll`)
  return found
}

async function bytesOf(server: ServedPlugin, path: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

async function jsonOf<T>(dir: string, path: string): Promise<T> {
  return JSON.parse((await bytesOf(servedOf(dir).server, path)).toString('utf8')) as T
}

/** `<dir>/<path>` is byte for byte what `/<path>` serves and what `/plugin.zip` holds at `<path>`. */
async function expectAsWritten(dir: string, path: string): Promise<void> {
  const { server, zip } = servedOf(dir)
  const written = await readFile(join(dir, path))
  expect((await bytesOf(server, `/${path}`)).equals(written), path).toBe(true)
  expect(Buffer.from(zip[path] ?? []).equals(written), path).toBe(true)
}

/** Splits `---` frontmatter from a markdown file, independently of Portico's loader. */
function splitMarkdown(text: string): { frontmatter: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
  if (!match) throw new Error(`no frontmatter in:\n${text}`)
  return {
    frontmatter: parse(match[1] ?? '') as Record<string, unknown>,
    body: (match[2] ?? '').replace(/^(?:[ \t]*\n)+/, '').trimEnd(),
  }
}

/** Every markdown file of the agents, prompts and skills of the examples, templates and fixtures. */
async function authoredMarkdown(): Promise<string[]> {
  const roots = [
    join(repositoryDir, 'examples'),
    join(repositoryDir, 'packages/create-portico/templates'),
    resolve(fixtureDir('.')),
  ]
  const files: string[] = []
  for (const root of roots) {
    for (const plugin of await readdir(root)) {
      for (const folder of authoredFolders) {
        const dir = join(root, plugin, folder)
        if (!existsSync(dir)) continue
        for (const path of await readdir(dir, { recursive: true })) {
          if (path.endsWith('.md')) files.push(relative(repositoryDir, join(dir, path)))
        }
      }
    }
  }
  return files.sort()
}

/** What `biome format` makes of `text` were it the file at `path`, with the repository's config. */
function formatted(path: string, text: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(biome, ['format', `--stdin-file-path=${path}`], {
      cwd: repositoryDir,
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    child.once('error', fail)
    child.once('close', () => done(output))
    child.stdin.end(text)
  })
}

describe('files as their authors wrote them', () => {
  it.each(servedDirs)('serves and packs each agent byte for byte: %s', async (dir) => {
    const { agents } = await jsonOf<AgentsCatalog>(dir, '/agents/catalog.json')
    const onDisk = (await readdir(join(dir, 'agents'))).filter((name) => name.endsWith('.md'))
    expect(agents.map((agent) => `${agent.name}.md`)).toEqual(onDisk.sort())
    for (const file of onDisk) await expectAsWritten(dir, `agents/${file}`)
  })

  it.each(servedDirs)('serves and packs each skill file byte for byte: %s', async (dir) => {
    const { skills } = await jsonOf<SkillsCatalog>(dir, '/skills/catalog.json')
    expect(skills.map((skill) => skill.name)).toEqual((await readdir(join(dir, 'skills'))).sort())
    for (const skill of skills) {
      const folder = join(dir, 'skills', skill.name)
      const onDisk: string[] = []
      for (const path of await readdir(folder, { recursive: true })) {
        if ((await stat(join(folder, path))).isFile()) onDisk.push(path)
      }
      expect(skill.files).toEqual(onDisk.sort())
      for (const path of skill.files) await expectAsWritten(dir, `skills/${skill.name}/${path}`)
    }
  })

  it("renders each of the example's prompts from its file's text, and lists it from its frontmatter", async () => {
    const { server } = servedOf(notesExampleDir)
    const files = (await readdir(join(notesExampleDir, 'prompts'))).sort()
    expect(files).toEqual(['draft-note.md', 'summarize-notes.md'])
    for (const file of files) {
      const { frontmatter, body } = splitMarkdown(
        await readFile(join(notesExampleDir, 'prompts', file), 'utf8'),
      )
      const name = file.slice(0, -'.md'.length)
      const declared = frontmatter.arguments as { name: string; description?: string }[]
      const values = Object.fromEntries(
        declared.map((argument) => [argument.name, `«${argument.name}»`]),
      )
      const mcp = rawMcp(server.url, { era: '2026' })
      const answer = await mcp.request<{ messages: unknown[] }>('prompts/get', {
        name,
        arguments: values,
      })
      const text = body.replace(/\{\{\s*([\w-]+)\s*\}\}/g, (_, argument: string) => `«${argument}»`)
      expect(answer.result?.messages, file).toEqual([
        { role: 'user', content: { type: 'text', text } },
      ])
      const listing = await mcp.request<{ prompts: Record<string, unknown>[] }>('prompts/list')
      expect(
        listing.result?.prompts.find((prompt) => prompt.name === name),
        file,
      ).toMatchObject({
        title: frontmatter.title,
        description: frontmatter.description,
        arguments: declared.map((argument) => expect.objectContaining(argument)),
      })
    }
  })

  it('leaves every agent, prompt and skill file and the README prompt example as written when Biome formats', async () => {
    const files = await authoredMarkdown()
    expect(files).toContain('examples/notes/agents/meeting-scribe.md')
    expect(files).toContain('examples/notes/prompts/draft-note.md')
    for (const path of files) {
      const text = await readFile(join(repositoryDir, path), 'utf8')
      expect(await formatted(path, text), path).toBe(text)
    }
    const readme = await readFile(join(repositoryDir, 'README.md'), 'utf8')
    const samples = [...readme.matchAll(/^```md\n[\s\S]*?^```\n/gm)].map((match) => match[0])
    expect(samples.some((sample) => sample.startsWith('```md\n---\ntitle: '))).toBe(true)
    for (const sample of samples) expect(await formatted('README.md', sample)).toBe(sample)
  })
})
