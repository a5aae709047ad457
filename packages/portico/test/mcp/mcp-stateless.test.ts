import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { notesExampleDir } from '../support/serve-plugin.js'

let plugin: Awaited<ReturnType<typeof copyPlugin>>
const replicas: { process: CliProcess; origin: string }[] = []

beforeAll(async () => {
  plugin = await copyPlugin(notesExampleDir)
  await buildPlugin(plugin.dir)
  for (let i = 0; i < 2; i++) {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    replicas.push({ process: runCli(['start', plugin.dir, '--port', String(port)]), origin })
    await pollUntil(async () => ((await fetch(`${origin}/mcp/tools.json`)).ok ? true : undefined))
  }
})
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.process.stop()))
  await plugin.remove()
})

/** A fetch that sends each request to the next replica in turn, as a round-robin balancer would. */
function roundRobin(): { fetch: typeof fetch; served: string[] } {
  const served: string[] = []
  let next = 0
  const balanced = (input: string | URL | Request, init?: RequestInit) => {
    const replica = replicas[next++ % replicas.length]
    if (!replica) throw new Error('no replica')
    const url = new URL(input instanceof Request ? input.url : input)
    const target = new URL(url.pathname + url.search, replica.origin)
    served.push(replica.origin)
    return fetch(target, init)
  }
  return { fetch: balanced as typeof fetch, served }
}

describe.each(protocolEras)('statelessness in the $name era', ({ mode }) => {
  let client: Client
  let balancer: ReturnType<typeof roundRobin>

  beforeAll(async () => {
    balancer = roundRobin()
    client = await connectMcpClient(`${replicas[0]?.origin}/mcp`, mode, balancer.fetch)
  })
  afterAll(() => client?.close())

  it('completes a whole conversation whose requests alternate between two server processes', async () => {
    const { tools } = await client.listTools()
    expect(tools).toHaveLength(9)
    const got = await client.callTool({ name: 'Notes_get', arguments: { id: 'n2' } })
    expect(got.structuredContent).toMatchObject({ title: 'Release checklist' })
    const { prompts } = await client.listPrompts()
    expect(prompts.length).toBeGreaterThanOrEqual(2)
    const searched = await client.callTool({
      name: 'Notes_search',
      arguments: { query: 'groceries' },
    })
    expect(searched.structuredContent).toMatchObject({
      matches: [expect.objectContaining({ score: 2 })],
    })
    const origins = new Set(balancer.served)
    expect(origins.size).toBe(2)
    expect(balancer.served.length).toBeGreaterThanOrEqual(5)
  })
})
