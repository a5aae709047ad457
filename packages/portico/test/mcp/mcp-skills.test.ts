import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

/** One JSON-RPC request in either era, as raw HTTP. */
function rpc(era: McpEra, method: string, params: Record<string, unknown> = {}, endpoint = '/mcp') {
  return rawMcp(server.url, { era, path: endpoint }).request(method, params)
}

describe.each(['2025', '2026'] as const)('skills over MCP in the %s era', (era) => {
  it('lists the skills of the plugin with skills/list', async () => {
    const { result } = await rpc(era, 'skills/list')
    const skills = result?.skills as { uri: string; frontmatter: { name: string } }[]
    expect(skills.map((skill) => skill.frontmatter.name)).toEqual(['note-taking', 'weekly-review'])
    expect(skills[0]?.uri).toBe('skill://note-taking/SKILL.md')
  })

  it('gets one skill with its files and reads them as the URLs serve them', async () => {
    const { result } = await rpc(era, 'skills/get', { uri: 'skill://note-taking/SKILL.md' })
    const resources = (
      result?.skill as { resources: { uri: string }[] } | undefined
    )?.resources.map((entry) => entry.uri)
    expect(resources).toContain('skill://note-taking/templates/meeting/agenda.md')
    for (const [uri, path] of [
      ['skill://note-taking/SKILL.md', '/skills/note-taking/SKILL.md'],
      [
        'skill://note-taking/templates/meeting/agenda.md',
        '/skills/note-taking/templates/meeting/agenda.md',
      ],
    ] as const) {
      const read = await rpc(era, 'resources/read', { uri })
      const contents = read.result?.contents as { text: string }[]
      expect(contents[0]?.text, uri).toBe(await (await fetch(`${server.url}${path}`)).text())
    }
  })

  it('keeps skills on the main server, not on a named one', async () => {
    const { status, error } = await rpc(era, 'skills/list', {}, '/mcp/tags')
    // The 2026-07-28 revision answers an unknown method with 404 as well.
    expect(status).toBe(era === '2026' ? 404 : 200)
    expect(error?.code).toBe(-32601)
  })
})

describe('the resources mirror with skills', () => {
  it('equals resources/list of the main server', async () => {
    const mirror = await (await fetch(`${server.url}/mcp/resources.json`)).json()
    const { result } = await rpc('2025', 'resources/list')
    expect(mirror).toEqual(result)
    expect(mirror).toMatchObject({
      resources: [
        expect.objectContaining({ uri: 'ui://widgets/Notes_get.html' }),
        expect.objectContaining({ uri: 'ui://widgets/Notes_list.html' }),
        expect.objectContaining({ uri: 'skill://note-taking/SKILL.md' }),
        expect.anything(),
      ],
    })
  })
})
