import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

interface TextBlock {
  type: 'text'
  text: string
}

describe.each(protocolEras)('MCP in the $name era', ({ mode }) => {
  let server: ServedPlugin
  let client: Client
  let tagsClient: Client

  beforeAll(async () => {
    server = await servePlugin(notesExampleDir)
    client = await connectMcpClient(`${server.url}/mcp`, mode)
    tagsClient = await connectMcpClient(`${server.url}/mcp/tags`, mode)
  })
  afterAll(async () => {
    await client?.close()
    await tagsClient?.close()
    await server?.close()
  })

  it('identifies the plugin with its capabilities and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({
      name: 'notes',
      version: '1.0.0',
      title: 'Notes',
    })
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {} })
    // Skills are resources too, served through the SDK's skills extension.
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { listChanged: false },
      extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
    })
    expect(client.getInstructions()).toMatch(/^Notes keeps short notes\./)
  })

  it('lists every tool with schemas, title and annotations', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(
      server.runtime.model.tools.map((tool) => tool.id),
    )
    const list = tools.find((tool) => tool.name === 'Notes_list')
    expect(list).toMatchObject({
      title: 'List notes',
      description: 'List notes, newest first, a page at a time.',
      annotations: { title: 'List notes', readOnlyHint: true },
      inputSchema: { type: 'object', properties: { limit: { type: 'integer', maximum: 100 } } },
      outputSchema: { type: 'object', required: ['items', 'nextCursor', 'total'] },
    })
  })

  it('calls every example tool and returns structured content with a text twin', async () => {
    const created = await client.callTool({
      name: 'Notes_create',
      arguments: { title: 'From MCP', tags: ['mcp'] },
    })
    expect(created.isError).toBeFalsy()
    expect(created.structuredContent).toMatchObject({
      id: 'n4',
      title: 'From MCP',
      tags: ['mcp'],
      status: 'active',
    })
    expect(JSON.parse((created.content as TextBlock[])[0]?.text ?? '')).toEqual(
      created.structuredContent,
    )

    const calls: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['Notes_get', { id: 'n4' }, { id: 'n4', title: 'From MCP' }],
      ['Notes_list', { tag: 'mcp' }, { total: 1, nextCursor: null }],
      ['Notes_update', { id: 'n4', patch: { priority: 'high' } }, { id: 'n4', priority: 'high' }],
      ['Notes_search', { query: 'mcp' }, { matches: [expect.objectContaining({ score: 2 })] }],
      ['Tags_list', {}, { counts: expect.objectContaining({ mcp: 1 }) }],
      ['Tags_rename', { from: 'mcp', to: 'agents' }, { renamed: 1 }],
      ['Notes_remove', { id: 'n4' }, { deleted: true }],
    ]
    for (const [name, input, expected] of calls) {
      const result = await client.callTool({ name, arguments: input })
      expect(result.isError, name).toBeFalsy()
      expect(result.structuredContent, name).toMatchObject(expected)
    }
  })

  it('answers a failing tool with isError and no secret outside dev mode', async () => {
    const result = await client.callTool({
      name: 'Sharing_publish',
      arguments: { id: 'n1', audience: 'team' },
    })
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([
      { type: 'text', text: 'The tool failed. The server log has the details.' },
    ])
  })

  it('answers a tool-reported error with its message', async () => {
    const result = await client.callTool({ name: 'Notes_get', arguments: { id: 'n404' } })
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: 'No note with id n404' }])
  })

  it('answers invalid input with isError naming each failing path', async () => {
    const result = await client.callTool({
      name: 'Notes_create',
      arguments: { priority: 'urgent' },
    })
    expect(result.isError).toBe(true)
    expect((result.content as TextBlock[])[0]?.text).toBe(
      [
        'The input of Notes_create is invalid:',
        '- /title: is required',
        '- /priority: must be one of "low", "normal", "high"',
      ].join('\n'),
    )
  })

  it('answers an unknown tool with a protocol error', async () => {
    await expect(client.callTool({ name: 'Notes_nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: Notes_nope'),
    })
  })

  it('lists prompts and renders one with its arguments', async () => {
    const { prompts } = await client.listPrompts()
    expect(prompts.map((prompt) => prompt.name)).toEqual(
      server.runtime.model.prompts.map((prompt) => prompt.name),
    )
    expect(prompts.length).toBeGreaterThanOrEqual(2)
    const draft = prompts.find((prompt) => prompt.name === 'draft-note')
    expect(draft?.arguments).toContainEqual(
      expect.objectContaining({ name: 'topic', required: true }),
    )
    const rendered = await client.getPrompt({
      name: 'draft-note',
      arguments: { topic: 'quarterly goals' },
    })
    expect(rendered.messages).toHaveLength(1)
    expect(rendered.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } })
    expect((rendered.messages[0]?.content as TextBlock | undefined)?.text).toContain(
      'quarterly goals',
    )
  })

  it('answers a prompt without its required argument, or an unknown prompt, with a protocol error', async () => {
    await expect(client.getPrompt({ name: 'draft-note', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('topic'),
    })
    await expect(client.getPrompt({ name: 'nope', arguments: {} })).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('serves only its own classes on a named server, without prompts', async () => {
    expect(tagsClient.getServerVersion()).toMatchObject({
      name: 'notes/tags',
      title: 'Notes: tags',
    })
    expect(tagsClient.getServerCapabilities()).not.toHaveProperty('prompts')
    const { tools } = await tagsClient.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['Tags_list', 'Tags_rename'])
    const counts = await tagsClient.callTool({ name: 'Tags_list', arguments: {} })
    expect(counts.structuredContent).toMatchObject({ counts: expect.objectContaining({ home: 2 }) })
    await expect(
      tagsClient.callTool({ name: 'Notes_get', arguments: { id: 'n1' } }),
    ).rejects.toMatchObject({
      code: -32602,
    })
    const bad = await tagsClient.callTool({
      name: 'Tags_rename',
      arguments: { from: 'home', to: 'Not OK' },
    })
    expect(bad.isError).toBe(true)
  })
})
