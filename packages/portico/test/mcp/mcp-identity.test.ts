import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(fixtureDir('ui-plugin'))
})
afterAll(() => server.close())

describe.each(protocolEras)('identity in the $name era', ({ mode }) => {
  it('carries name, version, title, website, icons and instructions', async () => {
    const client = await connectMcpClient(`${server.url}/mcp`, mode)
    try {
      expect(client.getServerVersion()).toEqual({
        name: 'ui-plugin',
        version: '0.0.1',
        title: 'Board',
        websiteUrl: 'https://board.example.com',
        icons: [{ src: 'https://board.example.com/icon.png' }],
      })
      expect(client.getInstructions()).toBe('Show the board before planning.')
      expect(client.getServerCapabilities()).toMatchObject({
        tools: {},
        prompts: {},
        resources: {},
      })
    } finally {
      await client.close()
    }
  })
})
