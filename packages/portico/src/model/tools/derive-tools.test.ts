import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { ToolDefinition } from '../plugin-model.js'
import { type DerivedTools, deriveTools } from './derive-tools.js'

const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'portico-derive-tools-'))
let pluginCount = 0

afterAll(() => {
  rmSync(tempRoot, { recursive: true, force: true })
})

/** Strips the common indentation and the first newline, so line 1 is the first line written. */
function code(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = String.raw({ raw: strings }, ...values).replace(/^\n/, '')
  const indents = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => /^ */.exec(line)?.[0].length ?? 0)
  const indent = Math.min(...indents)
  return text
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n')
}

/** The `@types/node` of this repository, to link into a plugin that uses Node's API. */
const typesNodeDir = path.dirname(
  createRequire(import.meta.url).resolve('@types/node/package.json'),
)

/**
 * Writes a plugin folder with `files` (relative path → source) and derives its tools. Plugins
 * have no `@types/node` unless `withTypesNode` links one in.
 */
function derivePlugin(files: Record<string, string>, withTypesNode = false): DerivedTools {
  pluginCount += 1
  const rootDir = path.join(tempRoot, `plugin-${pluginCount}`)
  mkdirSync(path.join(rootDir, 'tools'), { recursive: true })
  if (withTypesNode) {
    mkdirSync(path.join(rootDir, 'node_modules', '@types'), { recursive: true })
    symlinkSync(typesNodeDir, path.join(rootDir, 'node_modules', '@types', 'node'), 'dir')
  }
  writeFileSync(path.join(rootDir, 'package.json'), '{ "type": "module" }\n')
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(rootDir, file)), { recursive: true })
    writeFileSync(path.join(rootDir, file), source)
  }
  const toolFiles = Object.keys(files)
    .filter((file) => file.startsWith('tools/'))
    .map((file) => path.join(rootDir, file))
  return deriveTools({ rootDir, files: toolFiles })
}

/** Derives `tools/t.ts` and returns its first tool. */
function deriveFirstTool(source: string): ToolDefinition {
  const [tool] = derivePlugin({ 'tools/t.ts': source }).tools
  if (tool === undefined) throw new Error('the fixture has no tool')
  return tool
}

function root(schema: JsonSchema): JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema }
}

function inputObject(
  properties: Record<string, JsonSchema>,
  required: string[] = Object.keys(properties),
): JsonSchema {
  return root({
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  })
}

const NULL_OUTPUT = root({ type: 'null' })

interface SchemaRow {
  name: string
  source: string
  input: JsonSchema
  output: JsonSchema
}

const schemaRows: SchemaRow[] = [
  {
    name: 'writes @mcpHeader as SEP-2243 x-mcp-header on a top-level property',
    source: code`
      export class T {
        run(input: {
          /**
           * Where it runs
           * @mcpHeader Region
           */
          region: string
        }): void {}
      }`,
    input: inputObject({
      region: { type: 'string', description: 'Where it runs', 'x-mcp-header': 'Region' },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'takes Record<string, never> as an input that holds nothing',
    source: code`
      export class T {
        run(_input: Record<string, never>): void {}
      }`,
    input: inputObject({}),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives string, number, boolean and null properties',
    source: code`
      export class T {
        run(input: { s: string; n: number; b: boolean; z: null }): void {}
      }`,
    input: inputObject({
      s: { type: 'string' },
      n: { type: 'number' },
      b: { type: 'boolean' },
      z: { type: 'null' },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives integer from @integer and @type integer',
    source: code`
      export interface Input {
        /** @integer */
        count: number
        /** @type integer */
        page?: number | null
        ratio: number
      }
      export class T {
        run(input: Input): void {}
      }`,
    input: inputObject(
      {
        count: { type: 'integer' },
        page: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        ratio: { type: 'number' },
      },
      ['count', 'ratio'],
    ),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a string literal as const',
    source: code`
      export class T {
        run(input: { kind: 'note' }): void {}
      }`,
    input: inputObject({ kind: { type: 'string', const: 'note' } }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a string literal union as enum',
    source: code`
      export class T {
        run(input: { priority: 'low' | 'medium' | 'high' }): void {}
      }`,
    input: inputObject({ priority: { type: 'string', enum: ['low', 'medium', 'high'] } }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives number literals as const and enum',
    source: code`
      export class T {
        run(input: { one: 1; level: 1 | 2 | 3 }): void {}
      }`,
    input: inputObject({
      one: { type: 'number', const: 1 },
      level: { type: 'number', enum: [1, 2, 3] },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives boolean literals as const and boolean as boolean',
    source: code`
      export class T {
        run(input: { yes: true; no: false; flag: boolean; maybe?: boolean }): void {}
      }`,
    input: inputObject(
      {
        yes: { type: 'boolean', const: true },
        no: { type: 'boolean', const: false },
        flag: { type: 'boolean' },
        maybe: { type: 'boolean' },
      },
      ['yes', 'no', 'flag'],
    ),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives string and numeric enums as enum',
    source: code`
      export enum Color { Red = 'red', Green = 'green' }
      export enum Level { Low, High = 5 }
      export class T {
        run(input: { color: Color; level: Level; maybe: Color | null; red: Color.Red }): void {}
      }`,
    input: inputObject({
      color: { type: 'string', enum: ['red', 'green'] },
      level: { type: 'number', enum: [0, 5] },
      maybe: { anyOf: [{ type: 'string', enum: ['red', 'green'] }, { type: 'null' }] },
      red: { type: 'string', const: 'red' },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'leaves optional and undefined-typed properties out of required',
    source: code`
      export class T {
        run(input: { a?: string; b: string | undefined; c: string }): void {}
      }`,
    input: inputObject({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } }, [
      'c',
    ]),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives T[], Array<T> and ReadonlyArray<T> as arrays',
    source: code`
      export class T {
        run(input: {
          a: string[]
          b: Array<number>
          c: ReadonlyArray<boolean>
          d: readonly (string | null)[]
        }): void {}
      }`,
    input: inputObject({
      a: { type: 'array', items: { type: 'string' } },
      b: { type: 'array', items: { type: 'number' } },
      c: { type: 'array', items: { type: 'boolean' } },
      d: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'inlines nested interfaces and type aliases',
    source: code`
      export interface Author { name: string }
      export type Meta = { author: Author; tags?: string[] }
      export interface Input { title: string; meta: Meta }
      export class T {
        run(input: Input): Promise<Author> { return Promise.resolve(input.meta.author) }
      }`,
    input: inputObject({
      title: { type: 'string' },
      meta: {
        type: 'object',
        properties: {
          author: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['author'],
        additionalProperties: false,
      },
    }),
    output: root({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    }),
  },
  {
    name: 'merges the properties of an intersection',
    source: code`
      type A = { a: string }
      interface B { b: number }
      export class T {
        run(input: A & B & { c?: boolean }): void {}
      }`,
    input: inputObject({ a: { type: 'string' }, b: { type: 'number' }, c: { type: 'boolean' } }, [
      'a',
      'b',
    ]),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a branded primitive as its primitive',
    source: code`
      type NoteId = string & { readonly __brand: 'NoteId' }
      export class T {
        run(input: { id: NoteId }): void {}
      }`,
    input: inputObject({ id: { type: 'string' } }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives Record<string, T> and index signatures as additionalProperties',
    source: code`
      export class T {
        run(input: {
          counts: Record<string, number>
          labels: { [key: string]: string }
          mixed: { id: string; [key: string]: string }
        }): void {}
      }`,
    input: inputObject({
      counts: { type: 'object', additionalProperties: { type: 'number' } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      mixed: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: { type: 'string' },
      },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a union of object types as anyOf',
    source: code`
      interface Circle { kind: 'circle'; r: number }
      interface Square { kind: 'square'; side: number }
      export type Shape = Circle | Square
      export class T {
        run(input: { shape: Shape }): void {}
      }`,
    input: inputObject({
      shape: {
        anyOf: [
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'circle' }, r: { type: 'number' } },
            required: ['kind', 'r'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
            required: ['kind', 'side'],
            additionalProperties: false,
          },
        ],
      },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a primitive union as a type list and a mixed union as anyOf',
    source: code`
      export class T {
        run(input: { id: string | number; value: string | { n: number } | null }): void {}
      }`,
    input: inputObject({
      id: { type: ['string', 'number'] },
      value: {
        anyOf: [
          { type: 'string' },
          {
            type: 'object',
            properties: { n: { type: 'number' } },
            required: ['n'],
            additionalProperties: false,
          },
          { type: 'null' },
        ],
      },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives nullable primitives and objects as anyOf with a null branch',
    source: code`
      interface Point { x: number }
      export class T {
        run(input: { label: string | null; at: Point | null }): Promise<Point | null> {
          return Promise.resolve(input.at)
        }
      }`,
    input: inputObject({
      label: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      at: {
        anyOf: [
          {
            type: 'object',
            properties: { x: { type: 'number' } },
            required: ['x'],
            additionalProperties: false,
          },
          { type: 'null' },
        ],
      },
    }),
    output: root({
      anyOf: [
        {
          type: 'object',
          properties: { x: { type: 'number' } },
          required: ['x'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    }),
  },
  {
    name: 'derives Date as a date-time string',
    source: code`
      export class T {
        run(input: { due: Date; done?: Date | null }): Date { return input.due }
      }`,
    input: inputObject(
      {
        due: { type: 'string', format: 'date-time' },
        done: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
      },
      ['due'],
    ),
    output: root({ type: 'string', format: 'date-time' }),
  },
  {
    name: 'derives an instantiated generic type',
    source: code`
      export interface Note { title: string }
      export interface Page<T> { items: T[]; next?: string }
      export class T {
        async run(input: { cursor?: string }): Promise<Page<Note>> {
          return { items: [], next: input.cursor }
        }
      }`,
    input: inputObject({ cursor: { type: 'string' } }, []),
    output: root({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { title: { type: 'string' } },
            required: ['title'],
            additionalProperties: false,
          },
        },
        next: { type: 'string' },
      },
      required: ['items'],
      additionalProperties: false,
    }),
  },
  {
    name: 'derives unknown and any as any JSON value',
    source: code`
      export class T {
        run(input: { u: unknown; a: any }): unknown { return input.u }
      }`,
    input: inputObject({ u: {}, a: {} }),
    output: root({}),
  },
  {
    name: 'derives Partial and Pick of an interface with its JSDoc',
    source: code`
      interface Note {
        /** Shown in lists. */
        title: string
        body: string
        pinned: boolean
      }
      export class T {
        run(input: Partial<Pick<Note, 'title' | 'body'>>): void {}
      }`,
    input: inputObject(
      { title: { type: 'string', description: 'Shown in lists.' }, body: { type: 'string' } },
      [],
    ),
    output: NULL_OUTPUT,
  },
  {
    name: 'derives a zero-argument method as an empty input object',
    source: code`
      export class T {
        run(): string { return 'ok' }
      }`,
    input: inputObject({}),
    output: root({ type: 'string' }),
  },
  {
    name: 'ignores the context parameter and unwraps PromiseLike',
    source: code`
      interface PorticoPluginContext { uid: string }
      export class T {
        run(input: { q: string }, context?: PorticoPluginContext): PromiseLike<number> {
          return Promise.resolve(input.q.length + (context?.uid.length ?? 0))
        }
      }`,
    input: inputObject({ q: { type: 'string' } }),
    output: root({ type: 'number' }),
  },
  {
    name: 'turns an optional output into a nullable one',
    source: code`
      export class T {
        async run(): Promise<string | undefined> { return undefined }
      }`,
    input: inputObject({}),
    output: root({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
  },
  {
    name: 'derives a Promise<void> output as null',
    source: code`
      export class T {
        async run(input: { id: string }): Promise<void> {}
      }`,
    input: inputObject({ id: { type: 'string' } }),
    output: NULL_OUTPUT,
  },
  {
    name: 'applies @integer to array items and keeps object for the object keyword',
    source: code`
      export class T {
        run(input: {
          /** @integer */
          ids: number[]
          extra: object
        }): void {}
      }`,
    input: inputObject({
      ids: { type: 'array', items: { type: 'integer' } },
      extra: { type: 'object' },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'copies property JSDoc text and constraint tags into keywords',
    source: code`
      export interface Input {
        /**
         * The note's title.
         * @minLength 1
         * @maxLength 80
         * @pattern ^[A-Z]
         * @example "Groceries"
         * @example "Ideas"
         */
        title: string
        /**
         * @minimum 0
         * @exclusiveMaximum 10
         * @multipleOf 0.5
         * @default 1
         */
        weight: number
        /**
         * @minItems 1
         * @maxItems 5
         * @uniqueItems
         */
        tags: string[]
        /**
         * @format email
         * @deprecated use owners
         * @whatever ignored
         */
        owner?: string
        /**
         * @exclusiveMinimum 3
         * @maximum 9
         */
        rank?: number
      }
      export class T {
        run(input: Input): void {}
      }`,
    input: inputObject(
      {
        title: {
          type: 'string',
          description: "The note's title.",
          minLength: 1,
          maxLength: 80,
          pattern: '^[A-Z]',
          examples: ['Groceries', 'Ideas'],
        },
        weight: { type: 'number', minimum: 0, exclusiveMaximum: 10, multipleOf: 0.5, default: 1 },
        tags: {
          type: 'array',
          items: { type: 'string' },
          minItems: 1,
          maxItems: 5,
          uniqueItems: true,
        },
        owner: { type: 'string', format: 'email', deprecated: true },
        rank: { type: 'number', exclusiveMinimum: 3, maximum: 9 },
      },
      // `weight` has a default, so callers may leave it out: the runtime fills it in.
      ['title', 'tags'],
    ),
    output: NULL_OUTPUT,
  },
  {
    name: 'parses @default and @example values as JSON or keeps the text',
    source: code`
      export interface Input {
        /**
         * @default {"a": [1, 2]}
         * @example plain words
         */
        value: unknown
      }
      export class T {
        run(input: Input): void {}
      }`,
    input: inputObject({ value: { default: { a: [1, 2] }, examples: ['plain words'] } }, []),
    output: NULL_OUTPUT,
  },
  {
    name: 'puts a recursive output type in $defs and references it everywhere',
    source: code`
      export interface TreeNode { name: string; children: TreeNode[] }
      export class T {
        run(): TreeNode[] { return [] }
      }`,
    input: inputObject({}),
    output: root({
      type: 'array',
      items: { $ref: '#/$defs/TreeNode' },
      $defs: {
        TreeNode: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
          },
          required: ['name', 'children'],
          additionalProperties: false,
        },
      },
    }),
  },
  {
    name: 'keeps type object beside the $ref of a recursive input',
    source: code`
      export interface Category { label: string; parent?: Category; tags: Tag[] }
      interface Tag { name: string }
      export class T {
        run(input: Category): void {}
      }`,
    input: root({
      type: 'object',
      $ref: '#/$defs/Category',
      $defs: {
        Category: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            parent: { $ref: '#/$defs/Category' },
            tags: {
              type: 'array',
              items: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
                additionalProperties: false,
              },
            },
          },
          required: ['label', 'tags'],
          additionalProperties: false,
        },
      },
    }),
    output: NULL_OUTPUT,
  },
  {
    name: 'puts every type of a mutual recursion in $defs',
    source: code`
      interface Folder { name: string; items: Item[] }
      type Item = { file: string } | { folder: Folder }
      export class T {
        run(): Folder { return { name: '', items: [] } }
      }`,
    input: inputObject({}),
    output: root({
      $ref: '#/$defs/Folder',
      $defs: {
        Folder: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            items: { type: 'array', items: { $ref: '#/$defs/Item' } },
          },
          required: ['name', 'items'],
          additionalProperties: false,
        },
        Item: {
          anyOf: [
            {
              type: 'object',
              properties: { file: { type: 'string' } },
              required: ['file'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { folder: { $ref: '#/$defs/Folder' } },
              required: ['folder'],
              additionalProperties: false,
            },
          ],
        },
      },
    }),
  },
]

describe('deriveTools schemas', () => {
  it.each(schemaRows)('$name', ({ source, input, output }) => {
    const tool = deriveFirstTool(source)
    expect(tool.inputSchema).toEqual(input)
    expect(tool.outputSchema).toEqual(output)
  })
})

describe('deriveTools @inputSchema', () => {
  it("takes a method's input schema verbatim from the JSON file it names", () => {
    // As a file holds it: `then` is a keyword here, not a promise's method.
    const schema = JSON.parse(`{
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "properties": { "kind": { "enum": ["a", "b"] }, "a": { "type": "string" } },
      "if": { "properties": { "kind": { "const": "a" } } },
      "then": { "required": ["a"] },
      "additionalProperties": false
    }`) as JsonSchema
    const [tool] = derivePlugin({
      'tools/t.ts': code`
        export class T {
          /**
           * Runs.
           * @inputSchema ../schemas/run.json
           */
          run(input: { kind?: string; a?: string }): void {}
        }`,
      'schemas/run.json': JSON.stringify(schema),
    }).tools
    expect(tool?.inputSchema).toEqual(schema)
    expect(tool?.description ?? tool?.summary).toMatch(/^Runs\./)
  })
})

describe('deriveTools docs', () => {
  it('derives summary, description and annotations from the method JSDoc', () => {
    const tool = deriveFirstTool(code`
      export class T {
        /**
         * Adds a note. It is saved at once.
         *
         * Titles must be unique.
         * @title Add a note
         * @readOnly false
         * @destructive
         * @idempotent
         * @openWorld false
         */
        run(): void {}
      }`)
    expect(tool).toMatchObject({
      id: 'T_run',
      className: 'T',
      methodName: 'run',
      summary: 'Adds a note.',
      description: 'Adds a note. It is saved at once.\n\nTitles must be unique.',
      annotations: {
        title: 'Add a note',
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
      source: { file: 'tools/t.ts', line: 12 },
    })
  })

  it('ends the summary at a blank line and accepts @readonly', () => {
    const tool = deriveFirstTool(code`
      export class T {
        /**
         * Lists notes
         * by date
         *
         * Newest first.
         * @readonly
         */
        run(): void {}
      }`)
    expect(tool.summary).toBe('Lists notes by date')
    expect(tool.annotations).toEqual({ readOnlyHint: true })
  })

  it('takes the id from @name, keeping the class and method (the REST path)', () => {
    const { tools, toolClasses, prompts } = derivePlugin({
      'tools/t.ts': code`
        export class Hello {
          /**
           * Greets.
           * @name greet
           */
          run(input: { name: string }): string {
            return input.name
          }
          /** @name hello-prompt
           * @prompt */
          prompt(): string {
            return ''
          }
        }`,
    })
    expect(
      tools.map(({ id, className, methodName, description }) => [
        id,
        className,
        methodName,
        description,
      ]),
    ).toEqual([['greet', 'Hello', 'run', 'Greets.']])
    expect(toolClasses[0]?.toolIds).toEqual(['greet'])
    expect(prompts.map((prompt) => prompt.name)).toEqual(['hello-prompt'])
  })

  it('omits summary, description and annotations without a comment', () => {
    const tool = deriveFirstTool(code`
      export class T {
        run(): void {}
      }`)
    expect(tool.summary).toBeUndefined()
    expect(tool.description).toBeUndefined()
    expect(tool.annotations).toEqual({})
  })
})

describe('deriveTools date paths', () => {
  it('records each input path holding a Date', () => {
    const tool = deriveFirstTool(code`
      interface Item { at: Date; label: string }
      export class T {
        run(input: {
          due: Date
          maybe?: Date | null
          items: Item[]
          byDay: Record<string, Date>
          nested: { log: { when: Date }[] }
        }): Date { return input.due }
      }`)
    expect(tool.inputDatePaths).toEqual([
      ['due'],
      ['maybe'],
      ['items', '*', 'at'],
      ['byDay', '{}'],
      ['nested', 'log', '*', 'when'],
    ])
  })

  it('records the Dates of a recursive type relative to the type', () => {
    const tool = deriveFirstTool(code`
      interface Task { at: Date; remind?: Date | string; subtasks: Task[] }
      export class T {
        run(input: { task: Task; due: Date }): void {}
      }`)
    expect(tool.inputDatePaths).toEqual([
      ['#/$defs/Task', 'at'],
      ['#/$defs/Task', 'remind'],
      ['due'],
    ])
  })

  it('records no date paths for outputs', () => {
    const tool = deriveFirstTool(code`
      export class T {
        run(): { at: Date } { return { at: new Date() } }
      }`)
    expect(tool.inputDatePaths).toEqual([])
  })
})

describe('deriveTools classes and types', () => {
  const derived = derivePlugin({
    'tools/notes.ts': code`
      import type { Note, Page, Priority } from '../src/types.js'
      import { Color } from '../src/types.js'

      /** Notes of the current user. */
      export class Notes {
        list(input: { color?: Color }): Page<Note> { return { items: [], total: 0 } }
        add(input: { note: Note; at: Date }): Note { return input.note }
        private helper(text: string): string { return text }
        #secret(): void {}
        private static create(): Notes { return new Notes() }
        private get count(): number { return 0 }
        protected guarded(n: number): number { return n }
        prioritize(input: { priority: Priority }): void {}
      }`,
    'tools/archive.ts': code`
      import type { Note } from '../src/types.js'

      export class Archive {
        restore(input: { notes: Partial<Note>[] }): Record<string, Note> { return {} }
      }
      class Hidden {
        nope(): void {}
      }
      export { Hidden as Vault }`,
    'src/types.ts': code`
      export interface Note {
        title: string
        color: Color
      }

      export interface Page<T> {
        items: T[]
        total: number
      }

      export enum Color { Red = 'red', Blue = 'blue' }

      export type Priority = 'low' | 'high'`,
  })

  it('sorts classes by name with their file, description and tool ids', () => {
    expect(derived.toolClasses).toEqual([
      { name: 'Archive', file: 'tools/archive.ts', toolIds: ['Archive_restore'] },
      {
        name: 'Notes',
        description: 'Notes of the current user.',
        file: 'tools/notes.ts',
        toolIds: ['Notes_list', 'Notes_add', 'Notes_prioritize'],
      },
      { name: 'Vault', file: 'tools/archive.ts', toolIds: ['Vault_nope'] },
    ])
  })

  it('lists tools in class order, then source order', () => {
    expect(derived.tools.map((tool) => [tool.id, tool.source.file, tool.source.line])).toEqual([
      ['Archive_restore', 'tools/archive.ts', 4],
      ['Notes_list', 'tools/notes.ts', 6],
      ['Notes_add', 'tools/notes.ts', 7],
      ['Notes_prioritize', 'tools/notes.ts', 13],
      ['Vault_nope', 'tools/archive.ts', 7],
    ])
  })

  it('indexes every named type once with its schema, source and users', () => {
    const colorSchema: JsonSchema = { type: 'string', enum: ['red', 'blue'] }
    const noteSchema: JsonSchema = {
      type: 'object',
      properties: { title: { type: 'string' }, color: colorSchema },
      required: ['title', 'color'],
      additionalProperties: false,
    }
    expect(derived.types).toEqual([
      {
        name: 'Color',
        schema: colorSchema,
        source: { file: 'src/types.ts', line: 11 },
        usedBy: ['Archive_restore', 'Notes_add', 'Notes_list'],
      },
      {
        name: 'Note',
        schema: noteSchema,
        source: { file: 'src/types.ts', line: 1 },
        usedBy: ['Archive_restore', 'Notes_add', 'Notes_list'],
      },
      {
        name: 'Page<Note>',
        schema: {
          type: 'object',
          properties: { items: { type: 'array', items: noteSchema }, total: { type: 'number' } },
          required: ['items', 'total'],
          additionalProperties: false,
        },
        source: { file: 'src/types.ts', line: 6 },
        usedBy: ['Notes_list'],
      },
      {
        name: 'Priority',
        schema: { type: 'string', enum: ['low', 'high'] },
        source: { file: 'src/types.ts', line: 13 },
        usedBy: ['Notes_prioritize'],
      },
    ])
  })

  it('indexes a recursive type with its $defs', () => {
    const { types } = derivePlugin({
      'tools/t.ts': code`
        export interface TreeNode { name: string; children?: TreeNode[] }
        export class T {
          run(input: { root: TreeNode }): void {}
        }`,
    })
    expect(types).toEqual([
      {
        name: 'TreeNode',
        schema: {
          $ref: '#/$defs/TreeNode',
          $defs: {
            TreeNode: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
              },
              required: ['name'],
              additionalProperties: false,
            },
          },
        },
        source: { file: 'tools/t.ts', line: 1 },
        usedBy: ['T_run'],
      },
    ])
  })
})

describe('deriveTools globals', () => {
  it('compiles tools that use Node globals and modules when @types/node is installed', () => {
    const { tools } = derivePlugin(
      {
        'tools/t.ts': code`
          import { readFile } from 'node:fs/promises'
          export class T {
            async run(input: { file: string }): Promise<string> {
              return (await readFile(input.file, 'utf8')) + (process.env.HOME ?? '')
            }
          }`,
      },
      true,
    )
    expect(tools.map((tool) => tool.id)).toEqual(['T_run'])
  })

  it('compiles tools that use console, fetch and URL without @types/node', () => {
    const { tools } = derivePlugin({
      'tools/t.ts': code`
        export class T {
          async run(input: { url: string }): Promise<number> {
            console.log(new URL(input.url).host)
            return (await fetch(input.url)).status
          }
        }`,
    })
    expect(tools.map((tool) => tool.id)).toEqual(['T_run'])
  })
})

interface ErrorRow {
  name: string
  files: Record<string, string>
  message: RegExp
}

/** A plugin with the one tool file `tools/t.ts`. */
function toolFile(source: string): Record<string, string> {
  return { 'tools/t.ts': source }
}

const errorRows: ErrorRow[] = [
  {
    name: 'rejects a function-typed property',
    files: toolFile(code`
      export class T {
        run(input: {
          cb: () => void
        }): void {}
      }`),
    message:
      /^tools\/t\.ts:3:5: T_run input "cb": a function type is not JSON; tools take and return JSON data$/,
  },
  {
    name: 'rejects a method in a data interface',
    files: toolFile(code`
      interface Item {
        name: string
        describe(): string
      }
      export class T {
        run(input: { items: Item[] }): void {}
      }`),
    message: /^tools\/t\.ts:3:3: T_run input "items\[\]\.describe": a method is not JSON/,
  },
  {
    name: 'rejects a symbol',
    files: toolFile(code`
      export class T {
        run(input: { key: symbol }): void {}
      }`),
    message: /^tools\/t\.ts:2:16: T_run input "key": a symbol is not JSON/,
  },
  {
    name: 'rejects a bigint and suggests a string',
    files: toolFile(code`
      export class T {
        run(): { total: bigint } { return { total: 1n } }
      }`),
    message: /^tools\/t\.ts:2:12: T_run output "total": bigint is not JSON; use a string/,
  },
  {
    name: 'rejects a tuple and suggests an object or array',
    files: toolFile(code`
      export class T {
        run(input: { point: [number, number] }): void {}
      }`),
    message:
      /^tools\/t\.ts:2:16: T_run input "point": a tuple is not supported; use an object with named properties, or an array$/,
  },
  {
    name: 'rejects a Map and suggests a Record',
    files: toolFile(code`
      export class T {
        run(input: { counts: Map<string, number> }): void {}
      }`),
    message:
      /^tools\/t\.ts:2:16: T_run input "counts": Map<string, number> is a class instance with methods \(\w+\), not JSON; use a Record or an array/,
  },
  {
    name: 'rejects a Set',
    files: toolFile(code`
      export class T {
        run(): { tags: Set<string> } { return { tags: new Set() } }
      }`),
    message:
      /^tools\/t\.ts:2:12: T_run output "tags": Set<string> is a class instance with methods/,
  },
  {
    name: 'rejects a WeakMap',
    files: toolFile(code`
      export class T {
        run(input: { cache: WeakMap<object, string> }): void {}
      }`),
    message: /^tools\/t\.ts:2:16: T_run input "cache": WeakMap<object, string> is a class instance/,
  },
  {
    name: 'rejects an instance of a class with methods',
    files: toolFile(code`
      class Money {
        amount = 0
        add(other: Money): Money { return other }
      }
      export class T {
        run(input: { price: Money }): void {}
      }`),
    message:
      /^tools\/t\.ts:6:16: T_run input "price": Money is a class instance with methods \(add\)/,
  },
  {
    name: 'rejects an @inputSchema file that is missing',
    files: toolFile(code`
      export class T {
        /** @inputSchema ./nope.json */
        run(input: { a?: string }): void {}
      }`),
    message: /^tools\/t\.ts:2:7: T_run: @inputSchema "\.\/nope\.json" cannot be read/,
  },
  {
    name: 'rejects an @inputSchema file whose schema is not of type object',
    files: {
      'tools/t.ts': code`
        export class T {
          /** @inputSchema ./s.json */
          run(input: { a?: string }): void {}
        }`,
      'tools/s.json': '{ "type": "string" }',
    },
    message: /^tools\/t\.ts:2:7: T_run: @inputSchema "\.\/s\.json" must have "type": "object"/,
  },
  {
    name: 'rejects an @inputSchema path outside the plugin folder',
    files: toolFile(code`
      export class T {
        /** @inputSchema ../../../../../../etc/hostname */
        run(input: { a?: string }): void {}
      }`),
    message:
      /^tools\/t\.ts:2:7: T_run: @inputSchema "[./]+etc\/hostname" (is outside the plugin folder|cannot be read)/,
  },
  {
    name: 'rejects @mcpHeader on a nested property',
    files: toolFile(code`
      export class T {
        run(input: { where: { /** @mcpHeader Region */ region: string } }): void {}
      }`),
    message: /^tools\/t\.ts:2: T_run: @mcpHeader stands only on a top-level property of the input/,
  },
  {
    name: 'rejects @mcpHeader on a property that is not a primitive',
    files: toolFile(code`
      export class T {
        run(input: { /** @mcpHeader Tags */ tags: string[] }): void {}
      }`),
    message:
      /^tools\/t\.ts:2: T_run: @mcpHeader on "tags" needs a string, number, integer or boolean property/,
  },
  {
    name: 'rejects never',
    files: toolFile(code`
      export class T {
        run(input: { nothing: never }): void {}
      }`),
    message: /^tools\/t\.ts:2:16: T_run input "nothing": never has no values/,
  },
  {
    name: 'rejects a string mapping type, which no pattern can say',
    files: toolFile(code`
      export class T {
        run(input: { id: Lowercase<string> }): void {}
      }`),
    message:
      /^tools\/t\.ts:2:16: T_run input "id": Lowercase<string> cannot be written as a JSON Schema pattern; use string with a @pattern tag$/,
  },
  {
    name: 'rejects an input property typed undefined alone',
    files: toolFile(code`
      export class T {
        run(input: { gone: undefined }): void {}
      }`),
    message: /^tools\/t\.ts:2:16: T_run input "gone": undefined is not a JSON value/,
  },
  {
    name: 'rejects an input property typed void',
    files: toolFile(code`
      export class T {
        run(input: { gone: void }): void {}
      }`),
    message: /^tools\/t\.ts:2:16: T_run input "gone": undefined is not a JSON value/,
  },
  {
    name: 'rejects a numeric tag with a non-number value',
    files: toolFile(code`
      export class T {
        run(input: {
          /** @minimum zero */
          count: number
        }): void {}
      }`),
    message: /^tools\/t\.ts:4:5: T_run input "count": @minimum needs a number, got "zero"$/,
  },
  {
    name: 'rejects a string parameter and says private methods are not tools',
    files: toolFile(code`
      export class T {
        run(text: string): void {}
      }`),
    message:
      /^tools\/t\.ts:2:7: T_run: the input parameter "text" is string, not an object type; .*make the method private or #private if it is not a tool$/,
  },
  {
    name: 'rejects an array parameter',
    files: toolFile(code`
      export class T {
        run(items: string[]): void {}
      }`),
    message:
      /^tools\/t\.ts:2:7: T_run: the input parameter "items" is string\[\], not an object type/,
  },
  {
    name: 'rejects more than two parameters',
    files: toolFile(code`
      export class T {
        run(a: { x: string }, b: object, c: object): void {}
      }`),
    message: /^tools\/t\.ts:2:3: T_run: the method has 3 parameters; .*private or #private/,
  },
  {
    name: 'rejects two classes of the same name in different files',
    files: {
      'tools/a.ts': code`
        export class Notes {
          add(): void {}
        }`,
      'tools/b.ts': code`
        export class Notes {
          list(): void {}
          add(): void {}
        }`,
    },
    message:
      /^tools\/b\.ts:3:3: tool id "Notes_add" is also defined at tools\/a\.ts:2:3; two tools cannot share an id/,
  },
  {
    name: 'rejects a tool id longer than 64 characters',
    files: toolFile(code`
      export class ThisClassNameIsRatherLongForATool {
        andTheMethodNameMakesItLongerThanAllowed(): void {}
      }`),
    message:
      /^tools\/t\.ts:2:3: tool id "ThisClassNameIsRatherLongForATool_andTheMethodNameMakesItLongerThanAllowed" is 74 characters long/,
  },
  {
    name: 'rejects a tool id with characters outside the pattern',
    files: toolFile(code`
      export class $Notes {
        add(): void {}
      }`),
    message: /^tools\/t\.ts:2:3: tool id "\$Notes_add" may only hold letters, digits/,
  },
  {
    name: 'rejects an @name that another tool has as its id',
    files: toolFile(code`
      export class Notes {
        add(): void {}
        /** @name Notes_add */
        insert(): void {}
      }`),
    message:
      /^tools\/t\.ts:4:3: tool id "Notes_add" is also defined at tools\/t\.ts:2:3; .*or change a @name$/,
  },
  {
    name: 'rejects an @name outside the id pattern',
    files: toolFile(code`
      export class Notes {
        /** @name add.note */
        add(): void {}
      }`),
    message:
      /^tools\/t\.ts:3:3: tool id "add\.note" may only hold letters, digits, "_" and "-"; rename the class or method, or its @name/,
  },
  {
    name: 'rejects an @name without an id',
    files: toolFile(code`
      export class Notes {
        /** Adds. @name */
        add(): void {}
      }`),
    message: /^tools\/t\.ts:3:3: Notes\.add: @name needs the id to use, e\.g\. @name add$/,
  },
  {
    name: 'rejects a TypeScript error with its location and the error count',
    files: toolFile(code`
      export class T {
        run(): string {
          const n: number = 'one'
          return missing
        }
      }`),
    message:
      /^tools\/t\.ts:3:11: TS2322: Type 'string' is not assignable to type 'number'\. \(2 TypeScript errors in the tool sources/,
  },
  {
    name: 'rejects a syntax error',
    files: toolFile(code`
      export class T {
        run(: void {}
      }`),
    message: /^tools\/t\.ts:2:7: TS1138: Parameter declaration expected\. \(\d+ TypeScript errors/,
  },
  {
    name: 'rejects a default-exported tool class',
    files: toolFile(code`
      export default class Notes {
        add(): void {}
      }`),
    message: /^tools\/t\.ts:1:1: a tool class must be a named export/,
  },
  {
    name: 'reports every class-level mistake of one file at once, with those of its methods',
    files: toolFile(code`
      export class Rates {
        constructor(readonly rate: number) {}
        static make(): Rates { return new Rates(1) }
        get current(): number { return this.rate }
        run(input: { n: bigint }): void {}
      }
      export default class Other {
        run(): void {}
      }`),
    message: new RegExp(
      [
        '^tools/t\\.ts:2:15: class Rates: a tool class is created once per process with no arguments.*\\(first of 5 mistakes; the others follow\\)',
        'tools/t\\.ts:3:3: "make": a static method is not a tool.*',
        'tools/t\\.ts:4:3: "current": an accessor is not a tool.*',
        'tools/t\\.ts:5:\\d+: Rates_run input "n": .*',
        'tools/t\\.ts:7:1: a tool class must be a named export.*$',
      ].join('\n'),
    ),
  },
  {
    name: 'rejects two different types with the same name in one file',
    files: toolFile(code`
      namespace A { export interface Note { title: string } }
      namespace B { export interface Note { body: string } }
      export class T {
        run(input: { a: A.Note; b: B.Note }): void {}
      }`),
    message:
      /^tools\/t\.ts:2:15: two different types used by the tools are named "Note" \(the other is at tools\/t\.ts:1:15\)/,
  },
]

describe('deriveTools errors', () => {
  it.each(errorRows)('$name', ({ files, message }) => {
    let thrown: unknown
    try {
      derivePlugin(files)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(PluginDefinitionError)
    expect((thrown as PluginDefinitionError).message).toMatch(message)
  })
})
