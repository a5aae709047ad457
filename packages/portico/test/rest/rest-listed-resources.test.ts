import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { rawMcp } from '../support/raw-mcp.js'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// Every URI that MCP's resources/list lists, and every file of a skill, reads over REST as it
// reads over MCP: the `skill://` files and the `ui://` widget pages as much as `resources/`.

const { plugin } = useTempPlugins('listed-resources')
let server: ServedPlugin

interface Contents {
  uri: string
  mimeType: string
  text?: string
  blob?: string
  _meta?: unknown
}

beforeAll(async () => {
  const dir = await plugin({
    'package.json': '{ "name": "board", "version": "1.0.0" }',
    'tools/board.ts': `
/** A board of cards. */
export class Board {
  /** Show the board. */
  show(): { cards: string[] } { return { cards: ['a'] } }
}
`,
    'widgets/Board_show.html':
      '<!doctype html><html><head><link rel="stylesheet" href="/widget-assets/board.css"></head><body>Board</body></html>\n',
    'public/board.css': 'body { margin: 0 }\n',
    'resources/readme.txt': 'Read me.\n',
    'skills/card-keeping/SKILL.md':
      '---\nname: card-keeping\ndescription: Keeps the cards of the board tidy. Use when the user asks to tidy the board.\n---\n\n# Card keeping\n',
    'skills/card-keeping/scripts/tidy.sh': '#!/bin/sh\necho tidy\n',
    'skills/card-keeping/references/guide.md': '# Guide\n',
    'skills/card-keeping/pixel.bin': new Uint8Array([0, 255, 1, 128]),
  })
  server = await servePlugin(dir)
})
afterAll(() => server?.close())

async function mcpRead(uri: string): Promise<Contents> {
  const { result, error } = await rawMcp(server.url).request('resources/read', { uri })
  expect(error, uri).toBeUndefined()
  const contents = (result?.contents ?? []) as Contents[]
  expect(contents, uri).toHaveLength(1)
  return contents[0] as Contents
}

async function listedUris(): Promise<string[]> {
  const { result } = await rawMcp(server.url).request<{ resources: { uri: string }[] }>(
    'resources/list',
  )
  const listed = (result?.resources ?? []).map((resource) => resource.uri)
  const { result: skill } = await rawMcp(server.url).request<{
    skill: { resources: { uri: string; mimeType: string }[] }
  }>('skills/get', { uri: 'skill://card-keeping/SKILL.md' })
  const files = skill?.skill.resources ?? []
  return [
    ...new Set([
      ...listed,
      ...files.filter((file) => file.mimeType !== 'inode/directory').map((file) => file.uri),
    ]),
  ]
}

describe('/api/resources for what resources/list lists', () => {
  it('lists skill:// and ui:// URIs, and skill files of several kinds', async () => {
    const uris = await listedUris()
    expect(uris).toEqual(
      expect.arrayContaining([
        'skill://card-keeping/SKILL.md',
        'skill://card-keeping/scripts/tidy.sh',
        'skill://card-keeping/references/guide.md',
        'skill://card-keeping/pixel.bin',
        'ui://widgets/Board_show.html',
      ]),
    )
  })

  it('answers GET with the bytes and the media type that resources/read gives', async () => {
    for (const uri of await listedUris()) {
      const expected = await mcpRead(uri)
      const response = await fetch(`${server.url}/api/resources?uri=${encodeURIComponent(uri)}`)
      expect(response.status, uri).toBe(200)
      const type = response.headers.get('content-type') ?? ''
      expect(type.replace(/; charset=utf-8$/, ''), uri).toBe(expected.mimeType)
      const bytes = Buffer.from(await response.arrayBuffer())
      const expectedBytes =
        expected.text === undefined
          ? Buffer.from(expected.blob ?? '', 'base64')
          : Buffer.from(expected.text, 'utf8')
      expect(bytes.equals(expectedBytes), uri).toBe(true)
    }
  })

  it('answers POST with the contents that resources/read gives', async () => {
    for (const uri of await listedUris()) {
      const response = await fetch(`${server.url}/api/resources`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uri }),
      })
      expect(response.status, uri).toBe(200)
      expect(await response.json(), uri).toEqual({ contents: [await mcpRead(uri)] })
    }
  })

  it('still answers 404 for a skill file or widget that does not exist', async () => {
    for (const uri of ['skill://card-keeping/missing.md', 'ui://widgets/Nope.html']) {
      const response = await fetch(`${server.url}/api/resources?uri=${encodeURIComponent(uri)}`)
      await expectProblem(response, 'not_found')
    }
  })
})
