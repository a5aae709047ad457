import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

const uri = 'ui://widgets/Board_show.html'
const mimeType = 'text/html;profile=mcp-app'

/** The link MCP Apps hosts and ChatGPT follow from a tool to its widget. */
const toolMeta = {
  ui: { resourceUri: uri, visibility: ['model', 'app'] },
  'openai/outputTemplate': uri,
  'openai/widgetAccessible': true,
}

/** The widget's content item of `resources/read`, for a request made to `origin`. */
function widgetContents(page: string, origin: string) {
  const domains = [origin]
  return {
    uri,
    mimeType,
    text: page
      .replaceAll('"/widget-assets/', `"${origin}/widget-assets/`)
      .replace('src=/widget-assets/', `src=${origin}/widget-assets/`),
    _meta: {
      ui: { csp: { connectDomains: domains, resourceDomains: domains }, prefersBorder: true },
      'openai/widgetPrefersBorder': true,
      'openai/widgetCSP': { connect_domains: domains, resource_domains: domains },
    },
  }
}

let server: ServedPlugin
/** The page as `/widgets/Board_show` serves it. */
let page: string

beforeAll(async () => {
  server = await servePlugin(fixtureDir('ui-plugin'))
  page = await (await fetch(`${server.url}/widgets/Board_show`)).text()
})
afterAll(() => server.close())

describe.each(protocolEras)('widgets over MCP in the $name era', ({ mode }) => {
  const clients: Client[] = []
  const connect = async (endpoint: string) => {
    const client = await connectMcpClient(endpoint, mode)
    clients.push(client)
    return client
  }
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
  })

  it('links the tool with a widget to it in tools/list, and no other tool', async () => {
    const { tools } = await (await connect(`${server.url}/mcp`)).listTools()
    expect(tools.find((tool) => tool.name === 'Board_show')?._meta).toEqual(toolMeta)
    const others = tools.filter((tool) => tool.name !== 'Board_show')
    expect(others.map((tool) => tool.name).sort()).toEqual(['Board_count', 'Cards_list'])
    for (const tool of others) expect(tool._meta, tool.name).toBeUndefined()
  })

  it('lists the widget and reads it with its asset URLs on the origin the client called', async () => {
    const client = await connect(`${server.url}/mcp`)
    expect((await client.listResources()).resources).toContainEqual({
      uri,
      name: 'Board_show',
      title: 'Widget of Board_show',
      mimeType,
    })
    const read = await client.readResource({ uri })
    expect(read.contents).toEqual([widgetContents(page, server.url)])
    const [content] = read.contents
    expect(content && 'text' in content ? content.text : '').toContain(
      `href="${server.url}/widget-assets/board.css"`,
    )

    // Another name for the same server: the page follows the origin of each request.
    const localhost = server.url.replace('127.0.0.1', 'localhost')
    const other = await connect(`${localhost}/mcp`)
    expect((await other.readResource({ uri })).contents).toEqual([widgetContents(page, localhost)])
  })

  it('offers the widget on the named server that offers its tool, and only there', async () => {
    const board = await connect(`${server.url}/mcp/board`)
    const boardTools = (await board.listTools()).tools
    expect(boardTools.map((tool) => [tool.name, tool._meta])).toEqual([
      ['Board_show', toolMeta],
      ['Board_count', undefined],
    ])
    expect((await board.listResources()).resources.map((resource) => resource.uri)).toEqual([uri])
    expect((await board.readResource({ uri })).contents).toEqual([widgetContents(page, server.url)])

    const cards = await connect(`${server.url}/mcp/cards`)
    expect((await cards.listTools()).tools.map((tool) => [tool.name, tool._meta])).toEqual([
      ['Cards_list', undefined],
    ])
    expect(cards.getServerCapabilities()?.resources).toBeUndefined()
    await expect(cards.readResource({ uri })).rejects.toThrow()
  })
})
