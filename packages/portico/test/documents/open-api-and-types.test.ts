import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../support/expect-problem.js'
import { notesExampleDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

interface Operation {
  operationId: string
  tags: string[]
  summary: string
  requestBody: { content: Record<string, { schema: unknown }> }
  responses: Record<string, unknown>
}

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(notesExampleDir)
})
afterAll(() => server.close())

describe('/open-api.json', () => {
  it('passes the OpenAPI 3.0 validator', async () => {
    const response = await fetch(`${server.url}/open-api.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const document = await response.json()
    expect(document.openapi).toBe('3.0.3')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists exactly the tools of the model, one POST operation each', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>
      tags: { name: string; description?: string }[]
    }
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`,
      ),
    )
    const expected = server.runtime.model.tools.map(
      (tool) => `POST /api/${tool.className}/${tool.methodName} ${tool.id}`,
    )
    expect(operations.sort()).toEqual(expected.sort())
    expect(expected).toHaveLength(9)
    expect(document.tags.map((tag) => tag.name)).toEqual(['Notes', 'Sharing', 'Tags'])
    expect(document.tags[0]?.description).toBe('Keep and find short notes.')
  })

  it('describes each operation from JSDoc with its request and response schemas', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>
      components: { schemas: Record<string, unknown> }
    }
    const create = document.paths['/api/Notes/create']?.post as Operation
    expect(create.tags).toEqual(['Notes'])
    expect(create.summary).toBe('Create a note.')
    expect(Object.keys(create.responses).sort()).toEqual([
      '200',
      '400',
      '413',
      '415',
      '422',
      '500',
      '504',
    ])
    // The input is a named type: written once under components, the operation refers to it.
    const reference = create.requestBody.content['application/json']?.schema as { $ref: string }
    expect(reference.$ref).toMatch(/^#\/components\/schemas\//)
    const input = document.components.schemas[reference.$ref.split('/').at(-1) ?? ''] as {
      required: string[]
      properties: Record<string, { enum?: string[]; maxLength?: number }>
    }
    expect(input.required).toEqual(['title'])
    expect(input.properties.title?.maxLength).toBe(200)
    expect(input.properties.priority?.enum).toEqual(['low', 'normal', 'high'])
  })

  it('takes the server URL from the request origin', async () => {
    const document = (await (await fetch(`${server.url}/open-api.json`)).json()) as {
      servers: { url: string }[]
    }
    expect(document.servers).toEqual([{ url: server.url }])
    const other = await fetch(`${server.url.replace('127.0.0.1', 'localhost')}/open-api.json`)
    expect(((await other.json()) as { servers: { url: string }[] }).servers[0]?.url).toBe(
      server.url.replace('127.0.0.1', 'localhost'),
    )
  })
})

describe('/types.json', () => {
  it('indexes the named types with schema, source and the tools using them', async () => {
    const response = await fetch(`${server.url}/types.json`)
    expect(response.status).toBe(200)
    const { types } = (await response.json()) as {
      types: {
        name: string
        schema: { type?: string; enum?: unknown[] }
        source: { file: string; line: number }
        usedBy: string[]
      }[]
    }
    const byName = new Map(types.map((type) => [type.name, type]))
    expect(byName.get('NoteStatus')).toMatchObject({
      schema: { type: 'string', enum: ['draft', 'active', 'archived'] },
      source: { file: 'lib/note-types.ts', line: 5 },
    })
    expect(byName.get('Note')?.usedBy).toEqual(
      expect.arrayContaining([
        'Notes_create',
        'Notes_get',
        'Notes_list',
        'Notes_search',
        'Notes_update',
      ]),
    )
    expect(byName.get('Page<Note>')?.source.file).toBe('lib/note-types.ts')
    expect(byName.get('CreateNoteInput')?.usedBy).toEqual(['Notes_create'])
    expect(byName.has('Audience')).toBe(true)
  })
})

describe('the public folder fall-through', () => {
  it('serves the example about page and its stylesheet with ETags', async () => {
    const page = await fetch(`${server.url}/about.html`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toContain('<h1>Notes</h1>')
    const style = await fetch(`${server.url}/style.css`)
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8')
    const etag = style.headers.get('etag') ?? ''
    const again = await fetch(`${server.url}/style.css`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('does not serve the plugin sources beside the public folder', async () => {
    for (const path of ['/../tools/notes.ts', '/%2e%2e/package.json', '/..%2fportico.config.ts']) {
      const response = await fetch(`${server.url}${path}`)
      await expectProblem(response, 'not_found')
      expect(await response.text()).not.toContain('export')
    }
  })
})
