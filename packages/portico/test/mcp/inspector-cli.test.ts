import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { describeRun, runExternalTool, stopExternalTools } from '../support/external-tools.js'
import {
  callTool,
  fixtureDir,
  notesExampleDir,
  type ServedPlugin,
  servePlugin,
} from '../support/serve-plugin.js'

const tools = inject('externalTools')
const exampleToolNames = [
  'Notes_create',
  'Notes_get',
  'Notes_list',
  'Notes_remove',
  'Notes_search',
  'Notes_update',
  'Sharing_publish',
  'Tags_list',
  'Tags_rename',
]

let server: ServedPlugin
let ui: ServedPlugin
let conformance: ServedPlugin
let home: string

beforeAll(async () => {
  ;[server, ui, conformance] = await Promise.all([
    servePlugin(notesExampleDir),
    servePlugin(fixtureDir('ui-plugin')),
    servePlugin(resolve(notesExampleDir, '../conformance')),
  ])
  // The inspector keeps a catalog and client config under ~/.mcp-inspector: keep them private.
  home = await mkdtemp(join(tmpdir(), 'portico-inspector-'))
})
afterAll(async () => {
  stopExternalTools()
  await Promise.all([server?.close(), ui?.close(), conformance?.close()])
  if (home) await rm(home, { recursive: true, force: true })
})

/**
 * Runs `mcp-inspector --cli <url>/mcp --format json ...` and parses its one JSON object; it must
 * exit 0 with nothing on stderr (no warning, no schema finding).
 */
async function inspect(args: string[], url = server.url): Promise<Record<string, unknown>> {
  const run = await runExternalTool(
    tools,
    tools.inspector,
    ['--cli', `${url}/mcp`, '--transport', 'http', '--format', 'json', ...args],
    { env: { HOME: home } },
  )
  expect(run.code, describeRun(run)).toBe(0)
  expect(run.stderr.trim(), describeRun(run)).toBe('')
  return JSON.parse(run.stdout) as Record<string, unknown>
}

describe.each(['legacy', 'modern'])('the MCP Inspector CLI over the %s protocol era', (era) => {
  it('lists the example plugin tools, with no schema error under --strict', async () => {
    // --strict exits 6 when a tool schema has an error-severity portability problem.
    const output = await inspect(['--protocol-era', era, '--method', 'tools/list', '--strict'])
    const { tools: listed } = output.result as { tools: { name: string }[] }
    expect(listed.map((tool) => tool.name).sort()).toEqual(exampleToolNames)
  })

  it('calls Notes_get and receives the note as structured content', async () => {
    const expected = await (await callTool(server.url, '/api/Notes/get', { id: 'n1' })).json()
    expect(expected).toMatchObject({ id: 'n1', title: 'Groceries' })

    const output = await inspect([
      '--protocol-era',
      era,
      '--method',
      'tools/call',
      '--tool-name',
      'Notes_get',
      '--tool-arg',
      'id=n1',
    ])
    const result = output.result as {
      isError?: boolean
      structuredContent: unknown
      content: { type: string; text: string }[]
    }
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toEqual(expected)
    expect(result.content.map((block) => block.type)).toEqual(['text'])
    expect(JSON.parse(String(result.content[0]?.text))).toEqual(expected)
  })
})

describe.each(['legacy', 'modern'])('the MCP Inspector CLI on widgets over the %s era', (era) => {
  const uri = 'ui://widgets/Board_show.html'

  it('lists the tools under --strict with no finding, the widget tool linked, and the widget resource', async () => {
    const listed = await inspect(
      ['--protocol-era', era, '--method', 'tools/list', '--strict'],
      ui.url,
    )
    expect(listed.schemaFindings).toBeUndefined()
    const { tools: uiTools } = listed.result as { tools: { name: string; _meta?: unknown }[] }
    expect(uiTools.map((tool) => tool.name).sort()).toEqual([
      'Board_count',
      'Board_show',
      'Cards_list',
    ])
    expect(uiTools.find((tool) => tool.name === 'Board_show')?._meta).toMatchObject({
      ui: { resourceUri: uri },
    })
    const resources = await inspect(['--protocol-era', era, '--method', 'resources/list'], ui.url)
    expect((resources.result as { resources: unknown[] }).resources).toContainEqual({
      uri,
      name: 'Board_show',
      title: 'Widget of Board_show',
      mimeType: 'text/html;profile=mcp-app',
    })
  })

  it('finds the MCP App of Board_show: its resource, visibility, policy and border', async () => {
    const output = await inspect(
      [
        '--protocol-era',
        era,
        '--method',
        'tools/call',
        '--tool-name',
        'Board_show',
        '--app-info',
        '--advertise-apps',
      ],
      ui.url,
    )
    expect(output.appInfo).toEqual({
      hasApp: true,
      toolName: 'Board_show',
      resourceUri: uri,
      visibility: ['model', 'app'],
      csp: { connectDomains: [ui.url], resourceDomains: [ui.url] },
      prefersBorder: true,
      resourceMimeType: 'text/html;profile=mcp-app',
    })
  })
})

describe.each(['legacy', 'modern'])(
  'the MCP Inspector CLI on examples/conformance over the %s era',
  (era) => {
    it('lists its tools under --strict with no finding', async () => {
      const listed = await inspect(
        ['--protocol-era', era, '--method', 'tools/list', '--strict'],
        conformance.url,
      )
      expect(listed.schemaFindings).toBeUndefined()
      const { tools } = listed.result as { tools: { name: string }[] }
      expect(tools.map((tool) => tool.name)).toContain('test_simple_text')
    })

    it.each([
      ['resources/list', 'resources', 'test://static-text'],
      ['resources/templates/list', 'resourceTemplates', 'test://template/{id}/data'],
      ['prompts/list', 'prompts', 'test_simple_prompt'],
    ])('lists %s with no warning', async (method, key, expected) => {
      const output = await inspect(['--protocol-era', era, '--method', method], conformance.url)
      const entries = (
        output.result as Record<string, { uri?: string; uriTemplate?: string; name: string }[]>
      )[key]
      expect(entries?.map((entry) => entry.uri ?? entry.uriTemplate ?? entry.name)).toContain(
        expected,
      )
    })
  },
)
