import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { buildMcpConfig } from './build-mcp-config.js'

const origin = 'https://notes.example.com'

describe('buildMcpConfig', () => {
  test('lists the main, named and external servers as streamable HTTP entries', () => {
    expect(buildMcpConfig(createExampleModel(), origin)).toEqual({
      mcpServers: {
        notes: { type: 'http', url: 'https://notes.example.com/mcp' },
        'notes-tags': { type: 'http', url: 'https://notes.example.com/mcp/tags' },
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
      },
    })
  })

  test('lists only the main server when the config declares no other', () => {
    expect(buildMcpConfig(createBareModel(), origin)).toEqual({
      mcpServers: { notes: { type: 'http', url: 'https://notes.example.com/mcp' } },
    })
  })

  test('makes the keys kebab-case and keeps the first entry on a collision', () => {
    const model = createBareModel()
    model.identity.name = '@acme/Notes'
    model.config.mcp.servers = { Admin_Tools: { classes: [] } }
    model.config.mcp.external = {
      'acme-notes': { url: 'https://elsewhere.example.com/mcp' },
      Docs: { url: 'https://docs.example.com/mcp' },
    }
    expect(buildMcpConfig(model, origin)).toEqual({
      mcpServers: {
        'acme-notes': { type: 'http', url: 'https://notes.example.com/mcp' },
        'acme-notes-admin-tools': {
          type: 'http',
          url: 'https://notes.example.com/mcp/Admin_Tools',
        },
        docs: { type: 'http', url: 'https://docs.example.com/mcp' },
      },
    })
  })

  test('keeps Object.prototype names as plain keys', () => {
    const model = createBareModel()
    model.config.mcp.external = { constructor: { url: 'https://x.example.com/mcp' } }
    expect(buildMcpConfig(model, origin).mcpServers.constructor).toEqual({
      type: 'http',
      url: 'https://x.example.com/mcp',
    })
  })
})
