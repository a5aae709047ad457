import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { buildMcpCatalogs } from '../mcp/catalog/build-mcp-catalogs.js'
import { buildMcpServerInfo } from './build-mcp-server-info.js'

const origin = 'https://notes.example.com'

describe('buildMcpServerInfo', () => {
  test('describes the main server with absolute icons, instructions and its capabilities', () => {
    expect(buildMcpServerInfo(createExampleModel(), origin)).toEqual({
      name: 'notes',
      version: '1.2.3',
      title: 'Notes',
      website: 'https://docs.example.com/notes',
      icons: [
        { src: 'https://cdn.example.com/notes.svg' },
        { src: 'https://notes.example.com/icons/1', mimeType: 'image/png' },
      ],
      instructions: 'Search before creating.',
      capabilities: {
        tools: { listChanged: false },
        logging: {},
        prompts: { listChanged: false },
        resources: { subscribe: true, listChanged: false },
        completions: {},
        extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } },
      },
    })
  })

  test('declares only tools and logging, leaves out website and instructions, and shows Portico’s icon for a bare plugin', () => {
    expect(buildMcpServerInfo(createBareModel(), origin)).toEqual({
      name: 'notes',
      version: '1.2.3',
      title: 'Notes',
      icons: [
        { src: 'https://notes.example.com/icons/0', mimeType: 'image/svg+xml', sizes: ['any'] },
      ],
      capabilities: { tools: { listChanged: false }, logging: {} },
    })
  })

  test('declares exactly the capabilities of the main MCP catalog', () => {
    const model = createExampleModel()
    expect(buildMcpServerInfo(model, origin).capabilities).toEqual(
      buildMcpCatalogs(model).get('')?.capabilities,
    )
  })
})
