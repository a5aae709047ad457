import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { galleryFilesContent, RED_PIXEL_BASE64 } from '../support/gallery-content.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin
beforeAll(async () => {
  server = await servePlugin(fixtureDir('content-plugin'))
})
afterAll(() => server?.close())

describe.each(protocolEras)('rich tool results in the $name era', ({ mode }) => {
  let client: Client
  beforeAll(async () => {
    client = await connectMcpClient(`${server.url}/mcp`, mode)
  })
  afterAll(() => client?.close())

  it('lists a content tool without an outputSchema, and a JSON tool with one', async () => {
    const { tools } = await client.listTools()
    const pixel = tools.find((tool) => tool.name === 'Gallery_pixel')
    expect(pixel).toBeDefined()
    expect(pixel).not.toHaveProperty('outputSchema')
    expect(tools.find((tool) => tool.name === 'Gallery_size')?.outputSchema).toMatchObject({
      type: 'object',
      properties: { width: { type: 'number' }, height: { type: 'number' } },
    })
  })

  it('returns an image block with base64 data and no structuredContent', async () => {
    const result = await client.callTool({ name: 'Gallery_pixel', arguments: {} })
    expect(result.content).toEqual([
      { type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 },
    ])
    expect(result).not.toHaveProperty('structuredContent')
    expect(result).not.toHaveProperty('isError')
  })

  it('returns mixed text and image blocks in order', async () => {
    const result = await client.callTool({ name: 'Gallery_caption', arguments: { title: 'Red' } })
    expect(result.content).toEqual([
      { type: 'text', text: 'Red: one red pixel' },
      { type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 },
    ])
    expect(result).not.toHaveProperty('structuredContent')
  })

  it('returns embedded resources and a resource link', async () => {
    const result = await client.callTool({ name: 'Gallery_files', arguments: {} })
    expect(result.content).toEqual(galleryFilesContent)
  })

  it('keeps structuredContent for a plain JSON tool', async () => {
    const result = await client.callTool({ name: 'Gallery_size', arguments: {} })
    expect(result.structuredContent).toEqual({ width: 1, height: 1 })
  })

  it('answers a helper given a non-MIME string with an isError result', async () => {
    const result = await client.callTool({ name: 'Gallery_broken', arguments: {} })
    expect(result).toMatchObject({
      content: [{ type: 'text', text: 'The tool failed. The server log has the details.' }],
      isError: true,
    })
  })
})
