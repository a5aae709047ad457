import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, test } from 'vitest'
import { createBareModel, createFixtureTool } from '../../../test/support/example-model-fixture.js'
import { operationOf, requestBodyOf, responseOf } from '../../../test/support/open-api-parts.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { problemType } from '../../http/problem-response.js'
import type { PluginModel, ToolClassDefinition, ToolDefinition } from '../../model/plugin-model.js'
import { buildOpenApiDocument } from './build-open-api-document.js'
import type { OpenApiDocument } from './open-api-document.js'
import { isSharedSchemaName } from './shared-schema-name.js'

const origin = 'https://notes.example.com'

const createTool = createFixtureTool

function createModel(tools: ToolDefinition[], descriptions: Record<string, string> = {}) {
  const toolClasses: ToolClassDefinition[] = []
  for (const tool of tools) {
    let toolClass = toolClasses.find((c) => c.name === tool.className)
    if (!toolClass) {
      toolClass = { name: tool.className, file: tool.source.file, toolIds: [] }
      const description = descriptions[tool.className]
      if (description !== undefined) toolClass.description = description
      toolClasses.push(toolClass)
    }
    toolClass.toolIds.push(tool.id)
  }
  const bare = createBareModel()
  const model: PluginModel = {
    ...bare,
    identity: { ...bare.identity, description: 'Keeps notes.' },
    toolClasses,
    tools,
  }
  return model
}

function noteSchema(titleType: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      title: titleType,
      children: { type: 'array', items: { $ref: '#/$defs/Note' } },
    },
    required: ['title'],
  }
}

/** Every construct the converter handles, as the tool schema generator writes them. */
const richInput: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    kind: { const: 'note' },
    title: { type: 'string', minLength: 1, examples: ['Groceries'] },
    body: { type: ['string', 'null'] },
    parent: { anyOf: [{ $ref: '#/$defs/Note' }, { type: 'null' }] },
    page: { $ref: '#/$defs/Page%3CNote%3E' },
    score: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
    counts: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      propertyNames: { pattern: '^[a-z]+$' },
    },
    value: { type: ['string', 'number', 'null'] },
    pair: {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 2,
      maxItems: 2,
    } as unknown as JsonSchema,
    shape: {
      anyOf: [
        { type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
        { type: 'object', properties: { side: { type: 'number' } }, required: ['side'] },
      ],
    },
    meta: { type: ['object', 'null'], properties: { by: { type: 'string' } } },
    nothing: { type: 'null' },
    due: { type: 'string', format: 'date-time' },
  },
  required: ['kind', 'title'],
  additionalProperties: false,
  $defs: {
    Note: noteSchema({ type: 'string' }),
    'Page<Note>': {
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/$defs/Note' } } },
      required: ['items'],
    },
  },
}

function createRichModel(): PluginModel {
  return createModel(
    [
      createTool('Notes', 'create', {
        summary: 'Creates a note.',
        description: 'Creates a note.\n\nThe title must not be empty.',
        inputSchema: richInput,
        outputSchema: { $ref: '#/$defs/Note', $defs: { Note: noteSchema({ type: 'string' }) } },
      }),
      createTool('Notes', 'list', {
        annotations: { readOnlyHint: true, title: 'List notes' },
        outputSchema: { type: 'array', items: { type: 'string' } },
      }),
      createTool('Admin', 'reset', { outputSchema: { type: 'null' } }),
    ],
    { Notes: 'Notes of the signed-in user.' },
  )
}

async function expectValid(document: OpenApiDocument): Promise<void> {
  const validator = new Validator()
  const result = await validator.validate(JSON.parse(JSON.stringify(document)))
  if (!result.valid) console.error(JSON.stringify(result.errors, null, 2))
  expect(result.valid).toBe(true)
  expect(() => validator.resolveRefs()).not.toThrow()
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

describe('buildOpenApiDocument', () => {
  test('produces a document the OpenAPI 3.0 validator accepts', async () => {
    await expectValid(buildOpenApiDocument(createRichModel(), origin))
  })

  test('produces a valid document for a model without tools', async () => {
    const document = buildOpenApiDocument(createModel([]), origin)
    expect(document.paths).toStrictEqual({})
    await expectValid(document)
  })

  test('lists exactly one POST operation per tool', () => {
    const model = createRichModel()
    const document = buildOpenApiDocument(model, origin)
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [method, path, operation.operationId]),
    )
    expect(operations).toStrictEqual(
      model.tools.map((tool) => ['post', `/api/${tool.className}/${tool.methodName}`, tool.id]),
    )
  })

  test('takes info, servers and tags from the model and origin', () => {
    const document = buildOpenApiDocument(createRichModel(), origin)
    expect(document.openapi).toBe('3.0.3')
    expect(document.info).toStrictEqual({
      title: 'Notes',
      version: '1.2.3',
      description: 'Keeps notes.',
    })
    expect(document.servers).toStrictEqual([{ url: origin }])
    expect(document.tags).toStrictEqual([
      { name: 'Notes', description: 'Notes of the signed-in user.' },
      { name: 'Admin' },
    ])
  })

  test('describes a tool with its id, class, summary and schemas', () => {
    const document = buildOpenApiDocument(createRichModel(), origin)
    const operation = operationOf(document, '/api/Notes/create')
    expect(operation.operationId).toBe('Notes_create')
    expect(operation.tags).toStrictEqual(['Notes'])
    expect(operation.summary).toBe('Creates a note.')
    expect(operation.description).toBe('Creates a note.\n\nThe title must not be empty.')
    const body = requestBodyOf(document, '/api/Notes/create')
    expect(body.required).toBe(true)
    const input = body.content['application/json']?.schema
    expect(input?.properties?.kind).toStrictEqual({ enum: ['note'] })
    expect(input?.properties?.parent).toStrictEqual({
      allOf: [{ $ref: '#/components/schemas/Note' }],
      nullable: true,
    })
    expect(input?.properties?.page).toStrictEqual({ $ref: '#/components/schemas/Page_Note_' })
    expect(input).not.toHaveProperty('$schema')
    expect(input).not.toHaveProperty('$defs')
    expect(operation.responses['200']).toStrictEqual({
      description: 'The tool result.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
    })
  })

  test('falls back to the tool id for the summary and leaves out a missing description', () => {
    const document = buildOpenApiDocument(createRichModel(), origin)
    const operation = operationOf(document, '/api/Admin/reset')
    expect(operation.summary).toBe('Admin_reset')
    expect(operation).not.toHaveProperty('description')
    expect(
      responseOf(document, '/api/Admin/reset', '200')?.content?.['application/json']?.schema,
    ).toStrictEqual({
      enum: [null],
    })
  })

  test('lists the problem+json error responses of every operation', () => {
    const document = buildOpenApiDocument(createRichModel(), origin)
    for (const item of Object.values(document.paths)) {
      const responses = item.post?.responses ?? {}
      expect(Object.keys(responses)).toStrictEqual([
        '200',
        '400',
        '413',
        '415',
        '422',
        '500',
        '504',
      ])
      for (const [status, reference] of Object.entries(responses)) {
        if (status === '200') continue
        // Written once under components.responses, which every operation refers to.
        expect(reference).toStrictEqual({ $ref: `#/components/responses/ToolProblem${status}` })
        const response = document.components.responses[`ToolProblem${status}`]
        const name = status === '422' ? 'ValidationProblem' : 'Problem'
        expect(Object.keys(response?.content ?? {})).toStrictEqual(['application/problem+json'])
        expect(response?.content?.['application/problem+json']?.schema).toStrictEqual({
          $ref: `#/components/schemas/${name}`,
        })
      }
    }
  })

  test.each([
    ['400', 'bad_request', 'Bad request: The body is not valid JSON.'],
    ['413', 'payload_too_large', 'Payload too large: The body is larger than 1048576 bytes.'],
    ['415', 'unsupported_media_type', 'Unsupported media type: The body is not application/json.'],
    ['422', 'validation', 'Validation failed: The input does not match the schema.'],
    ['500', 'execution', 'Tool execution failed: The tool failed. The server log has the details.'],
    ['504', 'timeout', 'Tool timed out: The tool ran longer than 30000 ms.'],
  ] as const)('describes status %s as %s', (status, kind, description) => {
    const response = responseOf(
      buildOpenApiDocument(createRichModel(), origin),
      '/api/Notes/list',
      status,
    )
    expect(response?.description).toBe(description)
    const example = response?.content?.['application/problem+json']?.example
    expect(example).toMatchObject({ type: problemType(kind), status: Number(status) })
  })

  test('writes a named input or output type once under components, each use a $ref to it', async () => {
    const opInput: JsonSchema = {
      description: 'What every operation takes.',
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    }
    // The tool's schema has the dialect and another key order, as the model writes it.
    const asTool: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
      description: 'What every operation takes.',
    }
    const tools = ['a', 'b', 'c'].map((method) =>
      createTool('Ops', method, { inputSchema: asTool, outputSchema: { type: 'string' } }),
    )
    const model: PluginModel = {
      ...createModel(tools),
      types: [
        {
          name: 'OpInput',
          schema: opInput,
          source: { file: 'lib/op.ts', line: 1 },
          usedBy: tools.map((tool) => tool.id),
        },
      ],
    }
    const document = buildOpenApiDocument(model, origin)
    for (const method of ['a', 'b', 'c']) {
      expect(
        requestBodyOf(document, `/api/Ops/${method}`).content['application/json']?.schema,
      ).toStrictEqual({ $ref: '#/components/schemas/OpInput' })
    }
    expect(document.components.schemas.OpInput).toStrictEqual(opInput)
    // An unnamed schema stays in place.
    expect(
      responseOf(document, '/api/Ops/a', '200')?.content?.['application/json']?.schema,
    ).toStrictEqual({ type: 'string' })
    await expectValid(document)
  })

  test('writes an unnamed schema two operations share once, under a name made of its content', async () => {
    const point: JsonSchema = {
      type: 'object',
      properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
      required: ['latitude', 'longitude'],
    }
    const once: JsonSchema = {
      type: 'object',
      properties: { radiusInMetres: { type: 'number' } },
      required: ['radiusInMetres'],
    }
    const tools = [
      // Equal schemas, as separate objects: the model has one per tool.
      createTool('Map', 'pin', { inputSchema: structuredClone(point), outputSchema: point }),
      createTool('Map', 'center', { inputSchema: structuredClone(point) }),
      createTool('Map', 'zoom', { inputSchema: once }),
    ]
    const document = buildOpenApiDocument(createModel(tools), origin)
    const json = JSON.stringify(document)
    const name = /"(Object_[0-9a-f]{8})":\{"type":"object","properties":\{"latitude"/.exec(
      json,
    )?.[1]
    expect(name).toBeDefined()
    // The docs site tells it from a type's name, and shows its kind instead.
    expect(isSharedSchemaName(name ?? '')).toBe(true)
    expect(isSharedSchemaName('Page_Note_')).toBe(false)
    // Written once: its three uses (two inputs and an output) refer to it.
    expect(json.split('"latitude":{')).toHaveLength(2)
    for (const path of ['/api/Map/pin', '/api/Map/center']) {
      // The two operations share the request body too, under the schema's name.
      expect(operationOf(document, path).requestBody).toStrictEqual({
        $ref: `#/components/requestBodies/${name}`,
      })
      expect(requestBodyOf(document, path)).toStrictEqual({
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
      })
    }
    expect(document.components.schemas[name ?? '']).toStrictEqual(point)
    // An output only one tool returns stays in its operation, its schema a $ref.
    expect(operationOf(document, '/api/Map/pin').responses['200']).toStrictEqual({
      description: 'The tool result.',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    })
    // A schema used once stays in place, where a reader of its operation finds it.
    expect(
      requestBodyOf(document, '/api/Map/zoom').content['application/json']?.schema,
    ).toStrictEqual(once)
    expect(json.split('"radiusInMetres":{')).toHaveLength(2)
    // The name is the content's: the same whatever the order of the tools.
    const reversed = JSON.stringify(buildOpenApiDocument(createModel([...tools].reverse()), origin))
    expect(reversed).toContain(`"${name}":{"type":"object","properties":{"latitude"`)
    await expectValid(document)
  })

  test('shares the 200 of the tools that return one type, beside the problem responses', async () => {
    const note: JsonSchema = {
      type: 'object',
      properties: { title: { type: 'string' }, body: { type: 'string' } },
      required: ['title'],
    }
    const tools = ['get', 'update'].map((method) =>
      createTool('Notes', method, { outputSchema: structuredClone(note) }),
    )
    const document = buildOpenApiDocument(createModel(tools), origin)
    const reference = operationOf(document, '/api/Notes/get').responses['200']
    expect(reference).toStrictEqual(operationOf(document, '/api/Notes/update').responses['200'])
    expect(reference).toStrictEqual({
      $ref: expect.stringMatching(/^#\/components\/responses\/Object_[0-9a-f]{8}$/),
    })
    expect(
      responseOf(document, '/api/Notes/get', '200')?.content?.['application/json'],
    ).toStrictEqual({
      schema: { $ref: expect.stringMatching(/^#\/components\/schemas\/Object_[0-9a-f]{8}$/) },
    })
    expect(Object.keys(document.components.responses)).toContain('ToolProblem422')
    await expectValid(document)
  })

  test('leaves a shared schema in place when its $ref would be longer', () => {
    const tools = ['a', 'b'].map((method) =>
      createTool('Ops', method, { outputSchema: { type: 'integer', minimum: 0 } }),
    )
    const document = buildOpenApiDocument(createModel(tools), origin)
    expect(
      responseOf(document, '/api/Ops/a', '200')?.content?.['application/json']?.schema,
    ).toStrictEqual({
      type: 'integer',
      minimum: 0,
    })
  })

  test('leaves out a description that only repeats the summary', () => {
    const tools = [
      createTool('Ops', 'short', { summary: 'Does it.', description: 'Does it.' }),
      createTool('Ops', 'long', { summary: 'Does it.', description: 'Does it.\n\nTwice.' }),
    ]
    const document = buildOpenApiDocument(createModel(tools), origin)
    expect(operationOf(document, '/api/Ops/short')).not.toHaveProperty('description')
    expect(operationOf(document, '/api/Ops/long').description).toBe('Does it.\n\nTwice.')
  })

  test('defines Problem and ValidationProblem with a required errors list', () => {
    const { schemas } = buildOpenApiDocument(createRichModel(), origin).components
    expect(schemas.Problem?.required).toStrictEqual(['type', 'title', 'status', 'detail'])
    expect(schemas.Problem?.properties?.type?.enum).toContain('urn:portico:problem:validation')
    expect(schemas.ValidationProblem).toStrictEqual({
      allOf: [
        { $ref: '#/components/schemas/Problem' },
        {
          type: 'object',
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              description: 'Each place in the input that failed validation.',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: {
                  path: { type: 'string', description: 'JSON Pointer into the input.' },
                  message: { type: 'string' },
                },
              },
            },
          },
        },
      ],
    })
  })

  test('marks a tool with annotations and leaves the others unmarked', () => {
    const document = buildOpenApiDocument(createRichModel(), origin)
    expect(operationOf(document, '/api/Notes/list')['x-portico-annotations']).toStrictEqual({
      readOnlyHint: true,
      title: 'List notes',
    })
    expect(operationOf(document, '/api/Notes/create')).not.toHaveProperty('x-portico-annotations')
  })

  test('hoists $defs into components once and rewrites their references', () => {
    const { schemas } = buildOpenApiDocument(createRichModel(), origin).components
    expect(Object.keys(schemas)).toStrictEqual([
      'Problem',
      'ValidationProblem',
      'Note',
      'Page_Note_',
      // The empty input that list and reset share (see the test of shared schemas).
      'Object_32062bdb',
    ])
    expect(schemas.Note).toStrictEqual({
      type: 'object',
      properties: {
        title: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
      },
      required: ['title'],
    })
  })

  test('disambiguates two different $defs of the same name by order', async () => {
    const withNote = (title: JsonSchema, method: string) =>
      createTool('Notes', method, {
        inputSchema: {
          type: 'object',
          properties: { page: { $ref: '#/$defs/Page' } },
          $defs: {
            Page: { type: 'object', properties: { first: { $ref: '#/$defs/Note' } } },
            Note: noteSchema(title),
          },
        },
      })
    const stringTitle = withNote({ type: 'string' }, 'a')
    const numberTitle = withNote({ type: 'number' }, 'b')
    const document = buildOpenApiDocument(createModel([stringTitle, numberTitle]), origin)
    const { schemas } = document.components
    expect(Object.keys(schemas)).toStrictEqual([
      'Problem',
      'ValidationProblem',
      'Page',
      'Note',
      'Page_2',
      'Note_2',
    ])
    expect(schemas.Note?.properties?.title).toStrictEqual({ type: 'string' })
    expect(schemas.Note_2?.properties?.title).toStrictEqual({ type: 'number' })
    expect(schemas.Note_2?.properties?.children?.items).toStrictEqual({
      $ref: '#/components/schemas/Note_2',
    })
    expect(schemas.Page_2?.properties?.first).toStrictEqual({ $ref: '#/components/schemas/Note_2' })
    const inputOf = (path: string) =>
      requestBodyOf(document, path).content['application/json']?.schema
    expect(inputOf('/api/Notes/a')?.properties?.page).toStrictEqual({
      $ref: '#/components/schemas/Page',
    })
    expect(inputOf('/api/Notes/b')?.properties?.page).toStrictEqual({
      $ref: '#/components/schemas/Page_2',
    })
    await expectValid(document)

    const swapped = buildOpenApiDocument(createModel([numberTitle, stringTitle]), origin)
    expect(swapped.components.schemas.Note?.properties?.title).toStrictEqual({ type: 'number' })
    expect(swapped.components.schemas.Note_2?.properties?.title).toStrictEqual({ type: 'string' })
  })

  test('renames a $defs entry that clashes with the Problem schema', async () => {
    const tool = createTool('Issues', 'report', {
      outputSchema: {
        $ref: '#/$defs/Problem',
        $defs: { Problem: { type: 'object', properties: { severity: { type: 'integer' } } } },
      },
    })
    const document = buildOpenApiDocument(createModel([tool]), origin)
    expect(operationOf(document, '/api/Issues/report').responses['200']).toStrictEqual({
      description: 'The tool result.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem_2' } } },
    })
    expect(document.components.schemas.Problem?.required).toContain('detail')
    await expectValid(document)
  })

  test('produces byte-identical JSON for the same model', () => {
    const first = JSON.stringify(buildOpenApiDocument(createRichModel(), origin))
    const second = JSON.stringify(buildOpenApiDocument(structuredClone(createRichModel()), origin))
    expect(second).toBe(first)
  })

  test('leaves the model unchanged', () => {
    const model = deepFreeze(createRichModel())
    const before = JSON.stringify(model)
    buildOpenApiDocument(model, origin)
    expect(JSON.stringify(model)).toBe(before)
  })
})
