import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import type { JsonSchema } from '../../core/json-schema.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { findToolFiles } from '../find-tool-files.js'
import type { ToolDefinition } from '../plugin-model.js'
import { type DerivedTools, deriveTools } from './derive-tools.js'

// Defects a new plugin author hit: JSDoc placement, type docs, nullables, parameter lists,
// where tool classes and methods come from, and types that share a name.

const temp = useTempPlugins('derive-authoring')
const porticoDir = path.resolve(import.meta.dirname, '../../..')

/** Derives a temp plugin (with `portico` resolvable, as in a real plugin folder). */
async function derive(files: Record<string, string>): Promise<DerivedTools> {
  const rootDir = await temp.plugin(
    { 'package.json': '{ "type": "module" }\n', ...files },
    { 'node_modules/portico': porticoDir },
  )
  return deriveTools({ rootDir, files: findToolFiles(rootDir) })
}

async function deriveError(files: Record<string, string>): Promise<string> {
  try {
    await derive(files)
  } catch (error) {
    expect(error).toBeInstanceOf(PluginDefinitionError)
    return (error as Error).message
  }
  throw new Error('the plugin derived without an error')
}

function tool(derived: DerivedTools, id: string): ToolDefinition {
  const found = derived.tools.find((candidate) => candidate.id === id)
  if (found === undefined) throw new Error(`no tool ${id} in ${derived.tools.map((t) => t.id)}`)
  return found
}

function inputProperty(derived: DerivedTools, id: string, ...names: string[]): JsonSchema {
  let schema: JsonSchema | undefined = tool(derived, id).inputSchema
  for (const name of names) schema = schema?.properties?.[name]
  if (schema === undefined) throw new Error(`no property ${names.join('.')} in ${id}`)
  return schema
}

describe('property JSDoc wherever it stands', () => {
  it('reads a JSDoc on the same line as the property, in every kind of object type', async () => {
    const derived = await derive({
      'tools/t.ts': [
        'interface I { /** @minimum 5 */ n: number }',
        'type A = { /** @maxLength 9 */ s: string; /** Optional. @minimum 1 */ o?: number }',
        'class C { /** @minLength 2 */ name = "" }',
        'interface J {',
        '  /** @minimum 6 */',
        '  m: number',
        '  a: string, /** After a comma. @pattern ^a+$ */ b: string',
        '  /** Own line. */ c: string',
        '}',
        'export class T {',
        '  inline(input: { /** @pattern ^b-[0-9]{3}$ */ id: string }) { return input.id }',
        '  named(input: { i: I; a: A; c: C; j: J }) { return 1 }',
        '  both(input: I & { /** @maximum 3 */ k: number }) { return 1 }',
        '}',
      ].join('\n'),
    })
    expect(inputProperty(derived, 'T_inline', 'id')).toEqual({
      type: 'string',
      pattern: '^b-[0-9]{3}$',
    })
    expect(inputProperty(derived, 'T_named', 'i', 'n')).toEqual({ type: 'number', minimum: 5 })
    expect(inputProperty(derived, 'T_named', 'a', 's')).toEqual({ type: 'string', maxLength: 9 })
    expect(inputProperty(derived, 'T_named', 'a', 'o')).toEqual({
      type: 'number',
      description: 'Optional.',
      minimum: 1,
    })
    expect(inputProperty(derived, 'T_named', 'c', 'name')).toEqual({
      type: 'string',
      minLength: 2,
    })
    expect(inputProperty(derived, 'T_named', 'j', 'm')).toEqual({ type: 'number', minimum: 6 })
    expect(inputProperty(derived, 'T_named', 'j', 'a')).toEqual({ type: 'string' })
    expect(inputProperty(derived, 'T_named', 'j', 'b')).toEqual({
      type: 'string',
      description: 'After a comma.',
      pattern: '^a+$',
    })
    expect(inputProperty(derived, 'T_named', 'j', 'c')).toEqual({
      type: 'string',
      description: 'Own line.',
    })
    expect(inputProperty(derived, 'T_both', 'n')).toEqual({ type: 'number', minimum: 5 })
    expect(inputProperty(derived, 'T_both', 'k')).toEqual({ type: 'number', maximum: 3 })
  })

  it('does not give a trailing comment to the next line’s property', async () => {
    const derived = await derive({
      'tools/t.ts': [
        'export class T {',
        '  run(input: {',
        '    a: string /** @minLength 4 */',
        '    b: string',
        '  }) { return 1 }',
        '}',
      ].join('\n'),
    })
    expect(inputProperty(derived, 'T_run', 'b')).toEqual({ type: 'string' })
  })
})

describe('type JSDoc', () => {
  it('describes named types in /types.json and where they are inlined; a property’s own doc wins', async () => {
    const derived = await derive({
      'tools/t.ts': [
        '/** A book in the catalogue. */',
        'interface Book { title: string }',
        '/** A shelf. */ type Shelf = { books: Book[] }',
        'export class T {',
        '  run(input: { book: Book; /** The one to lend. */ lend: Book; shelf: Shelf; /** Or none. */ maybe: Book | null }) { return 1 }',
        '}',
      ].join('\n'),
    })
    const described = Object.fromEntries(
      derived.types.map((type) => [type.name, type.schema.description]),
    )
    expect(described).toEqual({
      Book: 'A book in the catalogue.',
      Shelf: 'A shelf.',
    })
    expect(inputProperty(derived, 'T_run', 'book').description).toBe('A book in the catalogue.')
    expect(inputProperty(derived, 'T_run', 'lend').description).toBe('The one to lend.')
    expect(inputProperty(derived, 'T_run', 'maybe')).toEqual({
      anyOf: [
        {
          type: 'object',
          properties: { title: { type: 'string' } },
          required: ['title'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
      description: 'Or none.',
    })
    expect(inputProperty(derived, 'T_run', 'shelf', 'books').items?.description).toBe(
      'A book in the catalogue.',
    )
  })
})

describe('nullable types', () => {
  it('writes `T | null` as an anyOf with the constraints on the non-null branch', async () => {
    const derived = await derive({
      'tools/t.ts': [
        'export class T {',
        '  run(input: { /** Who. @minLength 2 */ name: string | null; at: Date | null; n?: number | null }): string | null { return null }',
        '}',
      ].join('\n'),
    })
    expect(inputProperty(derived, 'T_run', 'name')).toEqual({
      anyOf: [{ type: 'string', minLength: 2 }, { type: 'null' }],
      description: 'Who.',
    })
    expect(inputProperty(derived, 'T_run', 'at')).toEqual({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    })
    expect(inputProperty(derived, 'T_run', 'n')).toEqual({
      anyOf: [{ type: 'number' }, { type: 'null' }],
    })
    expect(tool(derived, 'T_run').inputDatePaths).toEqual([['at']])
    expect(tool(derived, 'T_run').outputSchema.anyOf).toEqual([
      { type: 'string' },
      { type: 'null' },
    ])
  })
})

describe('tool method parameters', () => {
  it('rejects a second parameter that is not the context, naming file and line', async () => {
    const message = await deriveError({
      'tools/t.ts': [
        'export class T {',
        '  run(a: { x: number }, b: string) { return { b: String(b) } }',
        '}',
      ].join('\n'),
    })
    expect(message).toMatch(
      /^tools\/t\.ts:2:25: T_run: the second parameter "b" is string, not the context \(PorticoToolContext or PorticoPluginContext from 'portico'\)/,
    )
  })

  it('accepts the context as PorticoPluginContext, optional or not', async () => {
    const derived = await derive({
      'tools/t.ts': [
        "import type { PorticoPluginContext } from 'portico'",
        'export class T {',
        '  a(input: { x: number }, context: PorticoPluginContext) { return context.uid }',
        '  b(input: { x: number }, context?: PorticoPluginContext) { return context?.uid ?? "" }',
        '}',
      ].join('\n'),
    })
    expect(derived.tools.map((t) => t.id)).toEqual(['T_a', 'T_b'])
  })
})

describe('where tool classes and methods come from', () => {
  it('finds re-exported classes (also renamed), inherited methods and arrow-function properties', async () => {
    const derived = await derive({
      'other/me.ts': [
        'export class Me {',
        '  /** Who am I. */',
        '  whoami(): string { return "me" }',
        '}',
      ].join('\n'),
      'other/base.ts': [
        'export class Base {',
        '  ping(input: { n: number }): number { return input.n }',
        '  shared(): string { return "base" }',
        '  private secret(): void {}',
        '}',
      ].join('\n'),
      'tools/a.ts': "export { Me } from '../other/me.js'\n",
      'tools/b.ts': "export { Me as You } from '../other/me.js'\n",
      'tools/c.ts': [
        "import { Base } from '../other/base.js'",
        'export class Child extends Base {',
        '  shared(): string { return "child" }',
        '  /** Says hello. */',
        '  hello = async (input: { name: string }): Promise<string> => "hi " + input.name',
        '}',
      ].join('\n'),
      'tools/d.ts': "export { Child } from './c.js'\n",
    })
    expect(derived.toolClasses).toEqual([
      { name: 'Child', file: 'tools/c.ts', toolIds: ['Child_shared', 'Child_hello', 'Child_ping'] },
      { name: 'Me', file: 'tools/a.ts', toolIds: ['Me_whoami'] },
      { name: 'You', file: 'tools/b.ts', toolIds: ['You_whoami'] },
    ])
    expect(tool(derived, 'Child_ping').source).toEqual({ file: 'other/base.ts', line: 2 })
    expect(tool(derived, 'Child_ping').inputSchema.properties).toEqual({ n: { type: 'number' } })
    expect(tool(derived, 'Child_hello').description).toBe('Says hello.')
    expect(tool(derived, 'Child_hello').inputSchema.properties).toEqual({
      name: { type: 'string' },
    })
    expect(tool(derived, 'Child_hello').outputSchema.type).toBe('string')
    expect(tool(derived, 'You_whoami')).toMatchObject({
      className: 'You',
      methodName: 'whoami',
      summary: 'Who am I.',
      source: { file: 'other/me.ts', line: 3 },
    })
  })

  it.each([
    ['a static method', 'static make(): T { return new T() }', 'a static method is not a tool'],
    ['a getter', 'get count(): number { return 1 }', 'an accessor is not a tool'],
    [
      'a function-typed property without a function',
      'log: (text: string) => void = console.log',
      'a function-valued property is a tool only when it is an arrow function',
    ],
  ])('rejects %s with file and line', async (_what, member, problem) => {
    const message = await deriveError({
      'tools/t.ts': `export class T {\n  run(): void {}\n  ${member}\n}\n`,
    })
    expect(message).toMatch(new RegExp(`^tools/t\\.ts:3:3: .*${problem}`))
  })

  it('accepts private statics, accessors and data properties', async () => {
    const derived = await derive({
      'tools/t.ts': [
        'export class T {',
        '  private static make(): T { return new T() }',
        '  private get count(): number { return 1 }',
        '  store = new Map<string, number>()',
        '  #log: (text: string) => void = () => {}',
        '  run(): number { return this.store.size }',
        '}',
      ].join('\n'),
    })
    expect(derived.tools.map((t) => t.id)).toEqual(['T_run'])
  })
})

describe('types that share a name', () => {
  it('names them by the file they come from, and keeps unique names bare', async () => {
    const derived = await derive({
      'tools/notes.ts': [
        'export interface Options { limit: number }',
        'export interface Note { title: string }',
        'export class Notes {',
        '  list(input: { options: Options }): Note[] { return [] }',
        '}',
      ].join('\n'),
      'tools/other.ts': [
        'export interface Options { verbose: boolean }',
        'export class Other {',
        '  run(input: { options: Options }): void {}',
        '}',
      ].join('\n'),
    })
    expect(
      derived.types.map((type) => [
        type.name,
        type.source.file,
        Object.keys(type.schema.properties ?? {}),
      ]),
    ).toEqual([
      ['Note', 'tools/notes.ts', ['title']],
      ['notes.Options', 'tools/notes.ts', ['limit']],
      ['other.Options', 'tools/other.ts', ['verbose']],
    ])
    expect(tool(derived, 'Notes_list').inputSchema.properties?.options?.properties).toHaveProperty(
      'limit',
    )
    expect(tool(derived, 'Other_run').inputSchema.properties?.options?.properties).toHaveProperty(
      'verbose',
    )
  })

  it('refers to a qualified recursive type by its qualified name', async () => {
    const derived = await derive({
      'tools/a.ts': [
        'export interface Tree { children: Tree[] }',
        'export class A { run(input: { tree: Tree }): void {} }',
      ].join('\n'),
      'src/b.ts': 'export interface Tree { name: string }\n',
      'tools/b.ts': [
        "import type { Tree } from '../src/b.js'",
        'export class B { run(input: { tree: Tree }): void {} }',
      ].join('\n'),
    })
    expect(tool(derived, 'A_run').inputSchema.properties?.tree).toEqual({ $ref: '#/$defs/a.Tree' })
    expect(Object.keys(tool(derived, 'A_run').inputSchema.$defs ?? {})).toEqual(['a.Tree'])
    expect(derived.types.map((type) => type.name)).toEqual(['a.Tree', 'b.Tree'])
  })
})
