import { afterAll, describe, expect, it } from 'vitest'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const { plugin } = useTempPlugins('icons-served')
const tool = 'export class Echo { say(input: { text: string }): string { return input.text } }\n'
const servers: ServedPlugin[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
})

async function serve(files: Record<string, string | Uint8Array>): Promise<string> {
  const server = await servePlugin(await plugin({ 'tools/echo.ts': tool, ...files }))
  servers.push(server)
  return server.url
}

/** A PNG's signature and IHDR chunk: all `sizes` needs. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0)
  bytes.writeUInt32BE(13, 8)
  bytes.write('IHDR', 12, 'latin1')
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return bytes
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return (await response.json()) as T
}

describe('a plugin without an icon', () => {
  it('serves Portico’s icon at /icons/0, where /favicon.ico leads, and lists it', async () => {
    const url = await serve({ 'package.json': '{ "name": "echo", "version": "1.0.0" }' })
    const favicon = await fetch(`${url}/favicon.ico`, { redirect: 'manual' })
    expect(favicon.status).toBe(302)
    expect(favicon.headers.get('location')).toBe('/icons/0')
    const icon = await fetch(`${url}/icons/0`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    expect(await icon.text()).toMatch(/^<svg [^>]*aria-label="Portico"/)
    expect((await getJson<{ icons: unknown }>(`${url}/mcp-server.json`)).icons).toEqual([
      { src: `${url}/icons/0`, mimeType: 'image/svg+xml', sizes: ['any'] },
    ])
    const overview = await getJson<{ style: { icons: string[] } }>(
      `${url}/com.portico.plugin/contents.json`,
    )
    expect(overview.style.icons).toEqual([`${url}/icons/0`])
  })
})

describe('/mcp-server.json icons', () => {
  it('are MCP icon objects: type, and sizes from the PNG header or "any" for SVG', async () => {
    const url = await serve({
      'package.json': '{ "name": "echo", "version": "1.0.0" }',
      'portico.config.ts':
        "export default { style: { icons: ['https://cdn.example.com/echo.png', 'public/icons/b.png'] } }\n",
      'public/icons/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'public/icons/b.png': pngHeader(48, 32),
      'public/icons/c.webp': 'webp',
    })
    expect((await getJson<{ icons: unknown }>(`${url}/mcp-server.json`)).icons).toEqual([
      { src: 'https://cdn.example.com/echo.png' },
      { src: `${url}/icons/1`, mimeType: 'image/png', sizes: ['48x32'] },
      { src: `${url}/icons/2`, mimeType: 'image/svg+xml', sizes: ['any'] },
      { src: `${url}/icons/3`, mimeType: 'image/webp' },
    ])
  })
})

describe('serverInfo.icons over MCP', () => {
  async function serverInfoIcons(url: string): Promise<unknown> {
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1.0.0' },
        },
      }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { result: { serverInfo: { icons?: unknown } } }
    return body.result.serverInfo.icons
  }

  it('list the served icon files at the public URL, the one origin known before a request', async () => {
    const url = await serve({
      'package.json': '{ "name": "echo", "version": "1.0.0" }',
      'portico.config.ts': "export default { server: { publicUrl: 'https://echo.example.com' } }\n",
    })
    expect(await serverInfoIcons(url)).toEqual([
      { src: 'https://echo.example.com/icons/0', mimeType: 'image/svg+xml', sizes: ['any'] },
    ])
  })

  it('list only URL icons without a public URL', async () => {
    const url = await serve({
      'package.json': '{ "name": "echo", "version": "1.0.0" }',
      'portico.config.ts':
        "export default { style: { icons: ['https://cdn.example.com/echo.png', 'public/icons/b.png'] } }\n",
      'public/icons/b.png': pngHeader(48, 32),
    })
    expect(await serverInfoIcons(url)).toEqual([{ src: 'https://cdn.example.com/echo.png' }])
  })
})
