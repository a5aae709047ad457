import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { callTool, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// What a new plugin author wrote and expected to work, served over real HTTP: same-line JSDoc
// constraints, type docs, nullable inputs, re-exported and inherited tools, arrow-function
// tools, and two types of one name.

const temp = useTempPlugins('plugin-authoring')
let server: ServedPlugin

beforeAll(async () => {
  const dir = await temp.plugin({
    'package.json': '{ "name": "authoring", "version": "1.0.0", "type": "module" }\n',
    'tools/catalog.ts': [
      '/** A book in the catalogue. */',
      'export interface Book { title: string }',
      'export interface Options { limit: number }',
      'export class Catalog {',
      '  check(input: { /** @pattern ^b-[0-9]{3}$ */ id: string }) { return { id: input.id } }',
      '  when(input: { at: Date | null; /** @minLength 2 */ name: string | null }) {',
      '    return { isDate: input.at instanceof Date, at: input.at?.toISOString() ?? null, name: input.name }',
      '  }',
      '  shelve(input: { book: Book; options: Options }) { return input.options.limit }',
      '}',
    ].join('\n'),
    'tools/other.ts': [
      'export interface Options { verbose: boolean }',
      'export class Other {',
      '  run(input: { options: Options }) { return input.options.verbose }',
      '}',
    ].join('\n'),
    'lib/me.ts': 'export class Me {\n  whoami() { return { who: "me" } }\n}\n',
    'lib/base.ts': [
      'export class Base {',
      '  ping(input: { n: number }) { return { pong: input.n, by: this.constructor.name } }',
      '}',
    ].join('\n'),
    'tools/me.ts': "export { Me } from '../lib/me.js'\n",
    'tools/you.ts': "export { Me as You } from '../lib/me.js'\n",
    'tools/child.ts': [
      "import { Base } from '../lib/base.js'",
      'export class Child extends Base {',
      '  prefix = "hi"',
      '  hello = async (input: { name: string }) => ({ greeting: this.prefix + " " + input.name })',
      '}',
    ].join('\n'),
  })
  server = await servePlugin(dir)
})
afterAll(() => server?.close())

async function call(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await callTool(server.url, path, body)
  return { status: response.status, body: await response.json() }
}

async function getJson(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

describe('a plugin as its author wrote it', () => {
  it('enforces a constraint written in JSDoc on the same line as the property', async () => {
    expect(await call('/api/Catalog/check', { id: 'x' })).toMatchObject({
      status: 422,
      body: { errors: [{ path: '/id' }] },
    })
    expect(await call('/api/Catalog/check', { id: 'b-123' })).toEqual({
      status: 200,
      body: { id: 'b-123' },
    })
  })

  it('accepts null and values for nullable inputs, reviving a nullable Date', async () => {
    expect(await call('/api/Catalog/when', { at: null, name: null })).toEqual({
      status: 200,
      body: { isDate: false, at: null, name: null },
    })
    expect(await call('/api/Catalog/when', { at: '2026-01-02T03:04:05Z', name: 'Ann' })).toEqual({
      status: 200,
      body: { isDate: true, at: '2026-01-02T03:04:05.000Z', name: 'Ann' },
    })
    await expectProblem(await call('/api/Catalog/when', { at: null, name: 'A' }), 'validation')
    await expectProblem(await call('/api/Catalog/when', { at: 'soon', name: null }), 'validation')
  })

  it('serves re-exported classes, inherited methods and arrow-function properties as tools', async () => {
    expect(await call('/api/Me/whoami', {})).toEqual({ status: 200, body: { who: 'me' } })
    expect(await call('/api/You/whoami', {})).toEqual({ status: 200, body: { who: 'me' } })
    expect(await call('/api/Child/ping', { n: 3 })).toEqual({
      status: 200,
      body: { pong: 3, by: 'Child' },
    })
    expect(await call('/api/Child/hello', { name: 'Ann' })).toEqual({
      status: 200,
      body: { greeting: 'hi Ann' },
    })
  })

  it('tells two types of one name apart by their files', async () => {
    expect(
      await call('/api/Catalog/shelve', { book: { title: 'T' }, options: { limit: 2 } }),
    ).toEqual({ status: 200, body: 2 })
    expect(await call('/api/Other/run', { options: { verbose: true } })).toEqual({
      status: 200,
      body: true,
    })
    const { types } = (await getJson('/types.json')) as {
      types: { name: string; source: { file: string } }[]
    }
    expect(types.map((type) => [type.name, type.source.file])).toEqual([
      ['Book', 'tools/catalog.ts'],
      ['catalog.Options', 'tools/catalog.ts'],
      ['other.Options', 'tools/other.ts'],
    ])
  })
})

describe('the documents of that plugin', () => {
  it('describe named types in /types.json and the MCP schemas', async () => {
    const { types } = (await getJson('/types.json')) as {
      types: { name: string; schema: { description?: string } }[]
    }
    expect(types.find((type) => type.name === 'Book')?.schema.description).toBe(
      'A book in the catalogue.',
    )
    const { tools } = (await getJson('/mcp/tools.json')) as {
      tools: {
        name: string
        inputSchema: { properties: Record<string, Record<string, unknown>> }
      }[]
    }
    const shelve = tools.find((tool) => tool.name === 'Catalog_shelve')
    expect(shelve?.inputSchema.properties.book?.description).toBe('A book in the catalogue.')
    const when = tools.find((tool) => tool.name === 'Catalog_when')
    expect(when?.inputSchema.properties.name).toEqual({
      anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }],
    })
  })

  it('keeps OpenAPI 3.0 `nullable` and the type description in /open-api.json', async () => {
    const document = (await getJson('/open-api.json')) as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: unknown }> } } }
      >
    }
    const schemaOf = (path: string) =>
      document.paths[path]?.post.requestBody.content['application/json']?.schema as {
        properties: Record<string, unknown>
      }
    expect(schemaOf('/api/Catalog/when').properties).toEqual({
      at: { type: 'string', format: 'date-time', nullable: true },
      name: { type: 'string', minLength: 2, nullable: true },
    })
    expect(schemaOf('/api/Catalog/shelve').properties.book).toMatchObject({
      description: 'A book in the catalogue.',
    })
  })
})
