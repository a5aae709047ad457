import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ERA_VERSION, type McpEra, rawMcp } from '../support/raw-mcp.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

/**
 * Skills over MCP as the Skills extension specifies them (issue 33, item 4): `skills/list`,
 * `skills/get`, the `skill://` resources and `resources/directory/read` of the example, checked
 * against the extension's specification (`fixtures/schemas/mcp-ext-skills.json`, transcribed
 * from it with its source named, since it publishes no JSON Schema) and against the bytes the
 * server reads out.
 */

const schema = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../fixtures/schemas/mcp-ext-skills.json'), 'utf8'),
) as Record<string, unknown>
const ajv = new Ajv2020({ allErrors: true, strict: false })
ajv.addSchema(schema)
const validatorOf = (name: string) => {
  const validate = ajv.getSchema(`${String(schema.$id)}#/$defs/${name}`)
  if (!validate) throw new Error(`The skills schema has no ${name}`)
  return (value: unknown) => {
    expect(validate(value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true)
  }
}
const expectSkillsList = validatorOf('ListSkillsResult')
const expectSkillGet = validatorOf('GetSkillResult')
const expectCacheable = validatorOf('CacheableResult')
const expectDirectory = validatorOf('ReadResourceDirectoryResult')
const expectSkillMd = validatorOf('SkillMdResource')

/** The extension's id in `capabilities.extensions`. */
const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills'
/** JSON-RPC's Invalid params: the spec's answer to an unknown skill, file or directory. */
const INVALID_PARAMS = -32602
/** What `resources/read` of an unknown resource answers in the 2025-11-25 revision. */
const RESOURCE_NOT_FOUND_2025 = -32002

interface SkillEntry {
  uri: string
  frontmatter: Record<string, unknown> & { name: string; description: string }
  resources: { uri: string; digest: string; size: number }[] | 'dynamic'
}

interface ReadContents {
  contents: { uri: string; mimeType?: string; text?: string; blob?: string }[]
}

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

function rpc<R = Record<string, unknown>>(
  era: McpEra,
  method: string,
  params: Record<string, unknown> = {},
) {
  return rawMcp(server.url, { era }).request<R>(method, params)
}

/** The bytes a `resources/read` answer carries. */
function bytesOf(contents: ReadContents['contents'][number] | undefined): Buffer {
  if (contents?.blob !== undefined) return Buffer.from(contents.blob, 'base64')
  return Buffer.from(contents?.text ?? '', 'utf8')
}

/** The YAML frontmatter of a SKILL.md, as a JSON object. */
function frontmatterOf(skillMd: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(skillMd)
  return parse(match?.[1] ?? '')
}

it('declares the extension with directoryRead, and resources beside it', async () => {
  const { result } = await rpc<{ capabilities: Record<string, Record<string, unknown>> }>(
    '2025',
    'initialize',
    {
      protocolVersion: ERA_VERSION['2025'],
      capabilities: {},
      clientInfo: { name: 'skills-test', version: '1.0.0' },
    },
  )
  expect(result?.capabilities.extensions?.[SKILLS_EXTENSION]).toEqual({ directoryRead: true })
  expect(result?.capabilities.resources).toBeDefined()
})

describe.each(['2025', '2026'] as const)('in the %s era', (era) => {
  it('lists complete entries whose digests, sizes and frontmatter match what resources/read gives', async () => {
    const { result } = await rpc<{ skills: SkillEntry[] }>(era, 'skills/list')
    expectSkillsList(result)
    // The 2026-07-28 result is a CacheableResult: resultType, ttlMs and cacheScope are required.
    if (era === '2026') expectCacheable(result)
    const catalog = (await (await fetch(`${server.url}/skills/catalog.json`)).json()) as {
      skills: { name: string }[]
    }
    const skills = result?.skills ?? []
    expect(skills.map((skill) => skill.frontmatter.name)).toEqual(
      catalog.skills.map((skill) => skill.name),
    )
    for (const skill of skills) {
      // The last segment of the skill path is the frontmatter's name.
      expect(skill.uri).toBe(`skill://${skill.frontmatter.name}/SKILL.md`)
      if (skill.resources === 'dynamic') throw new Error(`${skill.uri} is dynamic`)
      expect(skill.resources.map((file) => file.uri)).toContain(skill.uri)
      const uris = skill.resources.map((file) => file.uri)
      expect(new Set(uris).size, 'each file once').toBe(uris.length)
      for (const file of skill.resources) {
        expect(file.uri.startsWith(`skill://${skill.frontmatter.name}/`), file.uri).toBe(true)
        const read = await rpc<ReadContents>(era, 'resources/read', { uri: file.uri })
        const bytes = bytesOf(read.result?.contents[0])
        expect(bytes.length, file.uri).toBe(file.size)
        expect(file.digest, file.uri).toBe(
          `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        )
        if (file.uri === skill.uri) {
          // The frontmatter is the SKILL.md's, verbatim.
          expect(skill.frontmatter).toEqual(frontmatterOf(bytes.toString('utf8')))
        }
      }
      // Complete: every file the skill's folder serves is listed.
      const index = (await (
        await fetch(`${server.url}/.well-known/agent-skills/index.json`)
      ).json()) as { skills: { name: string; files: { path: string }[] }[] }
      const files = index.skills.find((entry) => entry.name === skill.frontmatter.name)?.files
      expect(uris.sort()).toEqual(
        (files ?? []).map((entry) => `skill://${skill.frontmatter.name}/${entry.path}`).sort(),
      )
    }
  })

  it('gets each listed skill with skills/get as listed, and refuses an unknown one with -32602', async () => {
    const listed = await rpc<{ skills: SkillEntry[] }>(era, 'skills/list')
    for (const skill of listed.result?.skills ?? []) {
      const { result } = await rpc<{ skill: SkillEntry }>(era, 'skills/get', { uri: skill.uri })
      expectSkillGet(result)
      if (era === '2026') expectCacheable(result)
      expect(result?.skill).toEqual(skill)
    }
    for (const uri of [
      'skill://nothing/SKILL.md',
      'skill://note-taking/references/style-guide.md',
      'skill://note-taking',
    ]) {
      const { error } = await rpc(era, 'skills/get', { uri })
      expect(error?.code, uri).toBe(INVALID_PARAMS)
    }
  })

  it('lists each SKILL.md as a resource with the frontmatter name and description, as markdown', async () => {
    const { result } = await rpc<{ resources: Record<string, unknown>[] }>(era, 'resources/list')
    const listed = await rpc<{ skills: SkillEntry[] }>(era, 'skills/list')
    for (const skill of listed.result?.skills ?? []) {
      const resource = result?.resources.find((entry) => entry.uri === skill.uri)
      expectSkillMd(resource)
      expect(resource).toMatchObject({
        name: skill.frontmatter.name,
        description: skill.frontmatter.description,
      })
    }
  })

  it('reads directories with resources/directory/read, and refuses a file or an unknown one', async () => {
    const root = await rpc<{ resources: { uri: string; name: string; mimeType?: string }[] }>(
      era,
      'resources/directory/read',
      { uri: 'skill://note-taking' },
    )
    expectDirectory(root.result)
    const children = root.result?.resources ?? []
    expect(children.map(({ uri, mimeType }) => [uri, mimeType])).toEqual(
      expect.arrayContaining([
        ['skill://note-taking/SKILL.md', 'text/markdown'],
        ['skill://note-taking/references', 'inode/directory'],
        ['skill://note-taking/templates', 'inode/directory'],
      ]),
    )
    // Not recursive: the child folder lists its own children.
    expect(children.map((child) => child.uri)).not.toContain(
      'skill://note-taking/templates/meeting/agenda.md',
    )
    const nested = await rpc<{ resources: { uri: string; mimeType?: string }[] }>(
      era,
      'resources/directory/read',
      { uri: 'skill://note-taking/templates/meeting' },
    )
    expectDirectory(nested.result)
    expect(nested.result?.resources.map((child) => child.uri)).toEqual([
      'skill://note-taking/templates/meeting/agenda.md',
    ])
    for (const uri of [
      'skill://note-taking/SKILL.md',
      'skill://nothing',
      'skill://note-taking/x',
    ]) {
      const { error } = await rpc(era, 'resources/directory/read', { uri })
      expect(error?.code, uri).toBe(INVALID_PARAMS)
    }
  })

  it('refuses to read a skill file it does not serve, with the code of its base revision', async () => {
    // The extension cites the base Resources specification: 2026-07-28 answers -32602; the
    // 2025-11-25 revision, which the extension does not target, has -32002 (resource not found).
    const code = era === '2026' ? INVALID_PARAMS : RESOURCE_NOT_FOUND_2025
    for (const uri of ['skill://note-taking/missing.md', 'skill://nothing/SKILL.md']) {
      const { error } = await rpc(era, 'resources/read', { uri })
      expect(error?.code, uri).toBe(code)
    }
  })
})
