import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient } from '../support/mcp-client.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

const readmePath = resolve(import.meta.dirname, '../../../../README.md')

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

describe("the README's mcp.json", () => {
  it('names the example servers a client can connect to and list', async () => {
    const readme = await readFile(readmePath, 'utf8')
    const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)```/.exec(readme)?.[1]
    const config = JSON.parse(block ?? '{}') as {
      mcpServers: Record<string, { type: string; url: string }>
    }
    const entries = Object.entries(config.mcpServers)
    expect(entries.map(([name]) => name)).toEqual(['notes', 'notes-tags'])
    const listed: Record<string, string[]> = {}
    for (const [name, entry] of entries) {
      expect(entry.type).toBe('http')
      const url = entry.url.replace('http://localhost:4321', server.url)
      const client = await connectMcpClient(url, 'legacy')
      listed[name] = (await client.listTools()).tools.map((tool) => tool.name)
      await client.close()
    }
    expect(listed.notes).toHaveLength(9)
    expect(listed['notes-tags']).toEqual(['Tags_list', 'Tags_rename'])
  })
})
