import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { callTool, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// Ordinary domain types of a kanban plugin (issue 27), served over REST and MCP: the JSDoc of
// an alias of a primitive holds wherever the alias is used, a template literal type is a pattern,
// overloads, URL and classes with toJSON() in outputs.

const kanbanTools = `
/** A card's key. @pattern ^card-[0-9]+$ */
export type CardKey = string
/** Price in cents. @minimum 0 @integer */
export type Cents = number

class Money {
  constructor(private readonly cents: number) {}
  toJSON(): { cents: number; currency: 'EUR' } {
    return { cents: this.cents, currency: 'EUR' }
  }
}

export class Board {
  quote(): { link: URL; price: Money } {
    return { link: new URL('https://shop.example/a b'), price: new Money(5) }
  }

  /**
   * Moves a card to the top.
   * @deprecated Use Board_move.
   */
  top(): null {
    return null
  }

  /** Finds a card by key or by title. */
  find(input: { key: CardKey }): { by: string }
  find(input: { title: string }): { by: string }
  find(input: { key?: CardKey; title?: string }): { by: string } {
    return { by: input.key === undefined ? 'title' : 'key' }
  }

  move(input: { card: \`card-\${number}\` }): { card: string } {
    return { card: input.card }
  }

  price(input: { key: CardKey; price: Cents; was?: Cents | null }): { key: CardKey; price: Cents } {
    return { key: input.key, price: input.price }
  }
}
`

describe('domain types over HTTP', () => {
  const temp = useTempPlugins('domain-types')
  let server: ServedPlugin

  beforeAll(async () => {
    const dir = await temp.plugin({
      'package.json': '{ "name": "kanban", "version": "1.0.0", "type": "module" }',
      'tools/board.ts': kanbanTools,
    })
    server = await servePlugin(dir)
  })
  afterAll(() => server?.close())

  const rest = async (path: string, input: unknown) => {
    const response = await callTool(server.url, path, input)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it("refuses what an alias's JSDoc rules out, with 422", async () => {
    expect(await rest('/api/Board/price', { key: 'card-7', price: 1999 })).toEqual({
      status: 200,
      body: { key: 'card-7', price: 1999 },
    })
    const bad = await rest('/api/Board/price', { key: 'xyz', price: -1.5, was: 2.5 })
    await expectProblem(bad, 'validation')
    expect((bad.body.errors as { path: string }[]).map((error) => error.path).sort()).toEqual([
      '/key',
      '/price',
      '/price',
      '/was',
    ])
  })

  it('refuses a key that its template literal type rules out, with 422', async () => {
    expect(await rest('/api/Board/move', { card: 'card-12' })).toEqual({
      status: 200,
      body: { card: 'card-12' },
    })
    const bad = await rest('/api/Board/move', { card: 'card-x' })
    await expectProblem(bad, 'validation')
    expect((bad.body.errors as { path: string }[]).map((error) => error.path)).toEqual(['/card'])
  })

  it('serves an overloaded method with the input of its implementation', async () => {
    expect(await rest('/api/Board/find', { title: 'Fix' })).toEqual({
      status: 200,
      body: { by: 'title' },
    })
    expect(await rest('/api/Board/find', { key: 'card-3' })).toEqual({
      status: 200,
      body: { by: 'key' },
    })
    await expectProblem(await rest('/api/Board/find', { key: 'nope' }), 'validation')
  })

  it('answers a URL as its href and a class as its toJSON()', async () => {
    expect(await rest('/api/Board/quote', {})).toEqual({
      status: 200,
      body: { link: 'https://shop.example/a%20b', price: { cents: 5, currency: 'EUR' } },
    })
  })

  it('marks a @deprecated method deprecated in /open-api.json', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      paths: Record<string, { post: { deprecated?: boolean } }>
    }
    expect(document.paths['/api/Board/top']?.post.deprecated).toBe(true)
    expect(document.paths['/api/Board/move']?.post).not.toHaveProperty('deprecated')
  })

  it('lists the aliases in /types.json with their constraints', async () => {
    const response = await fetch(`${server.url}/types.json`)
    const { types } = (await response.json()) as { types: { name: string; schema: unknown }[] }
    expect(types.map(({ name, schema }) => ({ name, schema }))).toEqual([
      {
        name: 'CardKey',
        schema: { description: "A card's key.", type: 'string', pattern: '^card-[0-9]+$' },
      },
      {
        name: 'Cents',
        schema: { description: 'Price in cents.', type: 'integer', minimum: 0 },
      },
      {
        name: 'Money',
        schema: {
          type: 'object',
          properties: { cents: { type: 'number' }, currency: { type: 'string', const: 'EUR' } },
          required: ['cents', 'currency'],
          additionalProperties: false,
        },
      },
    ])
  })

  describe.each(protocolEras)('over MCP in the $name era', ({ mode }) => {
    let client: Client
    beforeAll(async () => {
      client = await connectMcpClient(`${server.url}/mcp`, mode)
    })
    afterAll(() => client?.close())

    it('serves an overloaded method with the input of its implementation', async () => {
      const found = await client.callTool({ name: 'Board_find', arguments: { title: 'Fix' } })
      expect(found.structuredContent).toEqual({ by: 'title' })
    })

    it('answers a URL as its href and a class as its toJSON()', async () => {
      const quote = await client.callTool({ name: 'Board_quote', arguments: {} })
      expect(quote.structuredContent).toEqual({
        link: 'https://shop.example/a%20b',
        price: { cents: 5, currency: 'EUR' },
      })
    })

    it('says a @deprecated tool is deprecated in its description', async () => {
      const { tools } = await client.listTools()
      expect(tools.find((tool) => tool.name === 'Board_top')?.description).toBe(
        'Deprecated: Use Board_move.\n\nMoves a card to the top.',
      )
    })

    it("refuses what an alias's JSDoc rules out, as a tool error", async () => {
      const bad = await client.callTool({
        name: 'Board_price',
        arguments: { key: 'xyz', price: 5 },
      })
      expect(bad.isError).toBe(true)
      expect((bad.content as { text: string }[])[0]?.text).toMatch(
        /^The input of Board_price is invalid:\n- \/key: /,
      )
      const good = await client.callTool({
        name: 'Board_price',
        arguments: { key: 'card-1', price: 0 },
      })
      expect(good.structuredContent).toEqual({ key: 'card-1', price: 0 })
    })

    it('refuses a key that its template literal type rules out, as a tool error', async () => {
      const bad = await client.callTool({ name: 'Board_move', arguments: { card: 'x' } })
      expect(bad.isError).toBe(true)
      expect((bad.content as { text: string }[])[0]?.text).toMatch(
        /^The input of Board_move is invalid:\n- \/card: /,
      )
      const good = await client.callTool({ name: 'Board_move', arguments: { card: 'card-2' } })
      expect(good.structuredContent).toEqual({ card: 'card-2' })
    })
  })
})
