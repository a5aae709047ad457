import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cliPath } from '../support/cli-process.js'
import { describeRun, runExternalTool, stopExternalTools } from '../support/external-tools.js'
import { fixtureDir } from '../support/serve-plugin.js'

const tools = inject('externalTools')
const pluginDir = fixtureDir('stdio-plugin')
let home: string

beforeAll(async () => {
  // The inspector keeps a catalog and client config under ~/.mcp-inspector: keep them private.
  home = await mkdtemp(join(tmpdir(), 'portico-inspector-stdio-'))
})
afterAll(async () => {
  stopExternalTools()
  if (home) await rm(home, { recursive: true, force: true })
})

/**
 * Runs `mcp-inspector --cli <node> portico.js stdio <fixture> --transport stdio --format json
 * ...`: the inspector launches `portico stdio` (on this Node) and speaks to it over its pipes.
 */
async function inspect(args: string[]): Promise<Record<string, unknown>> {
  const run = await runExternalTool(
    tools,
    tools.inspector,
    [
      '--cli',
      process.execPath,
      cliPath,
      'stdio',
      pluginDir,
      '--transport',
      'stdio',
      '--format',
      'json',
      ...args,
    ],
    // The server derives the fixture from source before it answers: seconds, not milliseconds.
    { env: { HOME: home } },
  )
  expect(run.code, describeRun(run)).toBe(0)
  return JSON.parse(run.stdout) as Record<string, unknown>
}

describe.each(['legacy', 'modern'])('the MCP Inspector CLI on portico stdio, %s era', (era) => {
  it('lists the tools under --strict with no finding', async () => {
    const output = await inspect(['--protocol-era', era, '--method', 'tools/list', '--strict'])
    expect(output.schemaFindings).toBeUndefined()
    const { tools: listed } = output.result as { tools: { name: string }[] }
    expect(listed.map((tool) => tool.name)).toEqual(['Clock_epoch', 'Echo_say', 'Echo_ask'])
  })

  it('calls Echo_say and receives its structured content', async () => {
    const output = await inspect([
      '--protocol-era',
      era,
      '--method',
      'tools/call',
      '--tool-name',
      'Echo_say',
      '--tool-arg',
      'word=hi',
    ])
    const result = output.result as { isError?: boolean; structuredContent: unknown }
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toEqual({ said: 'hi' })
  })
})
