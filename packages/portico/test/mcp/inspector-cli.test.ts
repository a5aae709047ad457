import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { runExternalTool, stopExternalTools, type ToolRun } from '../support/external-tools.js'
import {
  callTool,
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
let home: string

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
  // The inspector keeps a catalog and client config under ~/.mcp-inspector: keep them private.
  home = await mkdtemp(join(tmpdir(), 'portico-inspector-'))
})
afterAll(async () => {
  stopExternalTools()
  await server?.close()
  if (home) await rm(home, { recursive: true, force: true })
})

/** Runs `mcp-inspector --cli <url>/mcp --format json ...` and parses its one JSON object. */
async function inspect(args: string[]): Promise<Record<string, unknown>> {
  const run = await runExternalTool(
    tools,
    tools.inspector,
    ['--cli', `${server.url}/mcp`, '--transport', 'http', '--format', 'json', ...args],
    { timeoutMs: 15_000, env: { HOME: home } },
  )
  expect(run.code, describeRun(run)).toBe(0)
  return JSON.parse(run.stdout) as Record<string, unknown>
}

function describeRun(run: ToolRun): string {
  return `inspector exited with ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`
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
