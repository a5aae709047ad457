import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8')
  expect(response.headers.get('access-control-allow-origin'), path).toBe('*')
  return (await response.json()) as T
}

async function getText(path: string, contentType: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  expect(response.headers.get('content-type'), path).toBe(contentType)
  return response.text()
}

describe('the identity documents', () => {
  it('serves /plugin.json with identity and absolute links', async () => {
    expect(await getJson('/plugin.json')).toMatchObject({
      name: 'notes',
      version: '1.0.0',
      description: 'Keep, tag, search and share short notes: the Portico example plugin.',
      license: 'MIT',
      keywords: ['notes', 'example', 'portico'],
      extensions: {
        'com.portico.plugin': {
          openApi: `${server.url}/open-api.json`,
          overview: `${server.url}/com.portico.plugin/contents.json`,
          package: `${server.url}/plugin.zip`,
        },
      },
    })
  })

  it('serves /mcp.json with every hosted server as a streamable-http entry', async () => {
    expect(await getJson('/mcp.json')).toEqual({
      mcpServers: {
        notes: { type: 'http', url: `${server.url}/mcp` },
        'notes-tags': { type: 'http', url: `${server.url}/mcp/tags` },
      },
    })
  })

  it('serves /mcp-server.json with the capabilities initialize declares', async () => {
    const info = await getJson<{
      name: string
      version: string
      title: string
      capabilities: unknown
    }>('/mcp-server.json')
    const init = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 't', version: '1' },
        },
      }),
    })
    const { result } = (await init.json()) as { result: { capabilities: unknown } }
    expect(info).toMatchObject({ name: 'notes', version: '1.0.0', title: 'Notes' })
    expect(info.capabilities).toEqual(result.capabilities)
  })

  it('serves the overview valid against its published JSON Schema', async () => {
    const overview = await getJson<Record<string, unknown>>('/com.portico.plugin/contents.json')
    const schema = JSON.parse(
      await readFile(resolve(import.meta.dirname, '../../schemas/contents.schema.json'), 'utf8'),
    )
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats.default(ajv)
    const validate = ajv.compile(schema)
    expect(validate(overview), JSON.stringify(validate.errors)).toBe(true)
    expect(overview).toMatchObject({
      formatVersion: 1,
      identity: { name: 'notes', title: 'Notes' },
    })
    expect((overview.tools as unknown[]).length).toBe(9)
    expect((overview.skills as unknown[]).length).toBe(2)
    expect((overview.agents as unknown[]).length).toBe(2)
    expect((overview.prompts as unknown[]).length).toBe(2)
  })

  it('serves the README as plain UTF-8 text', async () => {
    expect(await getText('/readme.md', 'text/plain; charset=utf-8')).toBe(
      await readFile(join(notesExampleDir, 'README.md'), 'utf8'),
    )
  })

  it('serves icons with their type and a day of caching, and redirects the favicon', async () => {
    const icon = await fetch(`${server.url}/icons/0`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(await icon.text()).toContain('<svg')
    await expectProblem(await fetch(`${server.url}/icons/1`), 'not_found')
    const favicon = await fetch(`${server.url}/favicon.ico`, { redirect: 'manual' })
    expect(favicon.status).toBe(302)
    expect(favicon.headers.get('location')).toBe('/icons/0')
  })

  it('serves the agent-plugin manifest of the package, which leaves components to the default places', async () => {
    // Claude Code reads skills/, agents/ and .mcp.json by default, and the package holds every
    // component there: a path listed in the manifest could only hide some (see claude-code.test.ts).
    expect(await getJson('/.claude-plugin/plugin.json')).toEqual({
      name: 'notes',
      displayName: 'Notes',
      version: '1.0.0',
      description: 'Keep, tag, search and share short notes: the Portico example plugin.',
      author: { name: 'Portico team' },
      license: 'MIT',
      keywords: ['notes', 'example', 'portico'],
    })
  })
})

describe('skills and agents', () => {
  it('lists skills with download and browse URLs', async () => {
    const { skills } = await getJson<{ skills: Record<string, unknown>[] }>('/skills/catalog.json')
    expect(skills[0]).toMatchObject({
      name: 'note-taking',
      download: `${server.url}/skills/note-taking.zip`,
      skill: `${server.url}/skills/note-taking.skill`,
      browse: `${server.url}/skills/note-taking/SKILL.md`,
    })
  })

  it('serves SKILL.md and files in sub-folders with their types', async () => {
    const skillMd = await getText('/skills/note-taking/SKILL.md', 'text/markdown; charset=utf-8')
    expect(skillMd).toBe(
      await readFile(join(notesExampleDir, 'skills/note-taking/SKILL.md'), 'utf8'),
    )
    const nested = await getText(
      '/skills/note-taking/templates/meeting/agenda.md',
      'text/markdown; charset=utf-8',
    )
    expect(nested).toBe(
      await readFile(
        join(notesExampleDir, 'skills/note-taking/templates/meeting/agenda.md'),
        'utf8',
      ),
    )
    const zip = await fetch(`${server.url}/skills/note-taking.skill`)
    expect(zip.headers.get('content-type')).toBe('application/zip')
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="note-taking.skill"')
  })

  it('lists agents and serves each as markdown and as resolved JSON', async () => {
    const { agents } = await getJson<{ agents: Record<string, unknown>[] }>('/agents/catalog.json')
    expect(agents.map((agent) => agent.name)).toEqual(['meeting-scribe', 'note-organizer'])
    const markdown = await getText('/agents/note-organizer.md', 'text/markdown; charset=utf-8')
    expect(markdown).toBe(await readFile(join(notesExampleDir, 'agents/note-organizer.md'), 'utf8'))
    const agent = await getJson<{
      name: string
      prompt: string
      tools: { name: string; toolId?: string }[]
    }>('/agents/note-organizer.json')
    expect(agent.name).toBe('note-organizer')
    expect(agent.prompt.length).toBeGreaterThan(20)
    expect(agent.tools).toContainEqual(
      expect.objectContaining({ name: 'Notes_search', toolId: 'Notes_search' }),
    )
  })
})
