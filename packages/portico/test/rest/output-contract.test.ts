import type { Client } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { callTool, type ServedPlugin, useServedInBothModes } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// Tools whose results differ from their declared output types, as a plugin's often do.
const libraryTools = `
interface Book { id: string; title: string; isbn: string; secret: string; at: Date }
interface Summary { id: string; title: string }
interface Shelf { name: string; books: Summary[]; shelves: Shelf[] }
interface Author { name: string; email?: string }
interface Circle { kind: 'circle'; radius: number }
interface Square { kind: 'square'; side: number }
interface Item {
  id: string
  tags: string[]
  author: Author
  createdAt: Date
  score: number | null
  meta: Record<string, { count: number }>
  shape: Circle | Square
  note?: string
  owner: Author | null
}

const book = (): Book => ({ id: 'b1', title: 'Dune', isbn: '978', secret: 'hunter2', at: new Date(0) })

export class Library {
  /** Declares a summary, returns a whole Book. */
  summary(): Summary { return book() }

  /** A Date that is not one. */
  badDate(): { at: Date } { return { at: new Date('nope') } }

  /** A Date before the year 0000, which RFC 3339 cannot write. */
  farDate(): { at: Date } { return { at: new Date(-62198755200000 - 86400000) } }

  /** A recursive output. */
  shelf(): Shelf {
    const leaf = { name: 'leaf', books: [book()], shelves: [], extra: 1 }
    return { name: 'root', books: [], shelves: [leaf] } as Shelf
  }

  /** Nested arrays, records, unions and optional properties, each with something extra. */
  items(): { items: Item[] } {
    const extra = { leaked: true }
    const item = {
      id: 'i1',
      tags: ['a'],
      author: { name: 'Ann', password: 'x', ...extra },
      createdAt: new Date('2026-01-02T03:04:05Z'),
      score: null,
      meta: { views: { count: 2, ...extra } },
      shape: { kind: 'square', side: 2, ...extra },
      note: undefined,
      owner: { name: 'Bob', email: 'b@x', ...extra },
      ...extra,
    }
    return { items: [item as unknown as Item] }
  }

  /** A number where a string is declared. */
  wrongType(): { items: { name: string }[] } {
    return { items: [{ name: 'ok' }, { name: 3 as unknown as string }] }
  }

  /** An array at the root, of objects with extras. */
  list(): Summary[] { return [book()] }

  /** A plain string. */
  name(): string { return 'Dune' }

  /** Nothing. */
  nothing(): void {}
}
`

describe('the declared output is the contract', () => {
  const temp = useTempPlugins('output-contract')
  const served = useServedInBothModes(() =>
    temp.plugin({
      'package.json': '{ "name": "library", "version": "1.0.0", "type": "module" }',
      'tools/library.ts': libraryTools,
    }),
  )

  const rest = async (server: ServedPlugin, method: string) => {
    const response = await callTool(server.url, `/api/Library/${method}`, {})
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  const shapedItem = {
    id: 'i1',
    tags: ['a'],
    author: { name: 'Ann' },
    createdAt: '2026-01-02T03:04:05.000Z',
    score: null,
    meta: { views: { count: 2 } },
    shape: { kind: 'square', side: 2 },
    owner: { name: 'Bob', email: 'b@x' },
  }
  const shelf = {
    name: 'root',
    books: [],
    shelves: [{ name: 'leaf', books: [{ id: 'b1', title: 'Dune' }], shelves: [] }],
  }

  it('drops the properties the output type does not declare, over REST', async () => {
    expect(await rest(served.production, 'summary')).toEqual({
      status: 200,
      body: { id: 'b1', title: 'Dune' },
    })
    expect((await rest(served.production, 'items')).body).toEqual({ items: [shapedItem] })
    expect((await rest(served.production, 'shelf')).body).toEqual(shelf)
    expect((await rest(served.production, 'list')).body).toEqual([{ id: 'b1', title: 'Dune' }])
    expect((await rest(served.production, 'name')).body).toBe('Dune')
    expect((await rest(served.production, 'nothing')).body).toBeNull()
  })

  it('answers an output that cannot match as an execution error naming the path', async () => {
    const date = await rest(served.dev, 'badDate')
    await expectProblem(date, 'execution')
    expect(date.body.detail).toBe(
      'The output of Library_badDate does not match its declared type: /at: is an invalid Date',
    )
    const wrong = await rest(served.dev, 'wrongType')
    expect(wrong.body.detail).toBe(
      'The output of Library_wrongType does not match its declared type: /items/1/name: must be a string',
    )
    // Outside dev mode the message is logged, not sent.
    const hidden = await rest(served.production, 'badDate')
    await expectProblem(hidden, 'execution')
    expect(JSON.stringify(hidden.body)).not.toContain('/at')
  })

  it('answers a Date outside the years 0000-9999 as an execution error, not an extended year', async () => {
    const far = await rest(served.dev, 'farDate')
    await expectProblem(far, 'execution')
    expect(far.body.detail).toBe(
      'The output of Library_farDate does not match its declared type: /at: is a Date whose year, -2, is outside 0000-9999',
    )
    const hidden = await rest(served.production, 'farDate')
    await expectProblem(hidden, 'execution')
    expect(JSON.stringify(hidden.body)).not.toContain('/at')
    expect(JSON.stringify(hidden.body)).not.toContain('-000002')
  })

  describe.each(protocolEras)('over MCP in the $name era', ({ mode }) => {
    let client: Client
    beforeAll(async () => {
      client = await connectMcpClient(`${served.production.url}/mcp`, mode)
      // The client validates structuredContent against the output schemas it listed.
      await client.listTools()
    })
    afterAll(() => client?.close())

    const call = (name: string) => client.callTool({ name: `Library_${name}`, arguments: {} })

    it('sends the same shaped JSON as REST, in structuredContent and text', async () => {
      for (const [name, expected] of [
        ['summary', { id: 'b1', title: 'Dune' }],
        ['items', { items: [shapedItem] }],
        ['list', { result: [{ id: 'b1', title: 'Dune' }] }],
        ['name', { result: 'Dune' }],
        ['nothing', { result: null }],
      ] as const) {
        const result = await call(name)
        expect(result.structuredContent).toEqual(expected)
        expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toEqual(expected)
      }
    })

    it('answers a recursive object output bare, as REST does', async () => {
      const result = await call('shelf')
      expect(result.structuredContent).toEqual(shelf)
      const { tools } = await client.listTools()
      const listed = tools.find((tool) => tool.name === 'Library_shelf')
      expect(listed?.outputSchema).not.toHaveProperty('properties.result')
    })

    it('reports an output that cannot match as a tool error', async () => {
      for (const name of ['badDate', 'farDate']) {
        const result = await call(name)
        expect(result.isError, name).toBe(true)
        expect(result.structuredContent, name).toBeUndefined()
      }
    })
  })
})
