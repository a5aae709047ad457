import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { buildMcpCatalogs } from '../mcp/mcp-catalog.js'
import { buildMcpServerInfo } from './mcp-server-info.js'

const origin = 'https://notes.example.com'

describe('buildMcpServerInfo', () => {
  test('describes the main server with absolute icons, instructions and its capabilities', () => {
    expect(buildMcpServerInfo(createExampleModel(), origin)).toEqual({
      name: 'notes',
      version: '1.2.3',
      title: 'Notes',
      website: 'https://docs.example.com/notes',
      icons: ['https://cdn.example.com/notes.svg', 'https://notes.example.com/icons/1'],
      instructions: 'Search before creating.',
      capabilities: {
        tools: { listChanged: false },
        prompts: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
      },
    })
  })

  test('declares only tools and leaves out website and instructions for a bare plugin', () => {
    expect(buildMcpServerInfo(createBareModel(), origin)).toEqual({
      name: 'notes',
      version: '1.2.3',
      title: 'Notes',
      icons: [],
      capabilities: { tools: { listChanged: false } },
    })
  })

  test('declares exactly the capabilities of the main MCP catalog', () => {
    const model = createExampleModel()
    expect(buildMcpServerInfo(model, origin).capabilities).toEqual(
      buildMcpCatalogs(model).get('')?.capabilities,
    )
  })
})
