import { describe, expect, it } from 'vitest'
import { useDeriveInTemp } from '../../../test/support/derive-tools-in-temp.js'

const { derive, deriveError } = useDeriveInTemp('derive-templates')

/** A class with one tool and, at line 4, the method `read` tagged with `tags`. */
function withTemplate(tags: string, parameter: string, returns = 'string'): string {
  return [
    'export class Items {',
    '  list(): string[] { return [] }',
    `  /** Reads one item. ${tags} */`,
    `  read(${parameter}): ${returns} { return '' as never }`,
    '}',
  ].join('\n')
}

describe('resource templates from @resource', () => {
  it('makes a tagged method a template, not a tool, with its variables typed', async () => {
    const derived = await derive(
      withTemplate(
        '@title Item @resource items://items/{kind}/{id} @mimeType text/csv',
        "input: { kind: 'book' | 'film'; /** @integer @minimum 1 */ id: number }",
      ),
    )
    expect(derived.tools.map((tool) => tool.id)).toEqual(['Items_list'])
    expect(derived.toolClasses[0]?.toolIds).toEqual(['Items_list'])
    expect(derived.resourceTemplates).toEqual([
      {
        id: 'Items_read',
        className: 'Items',
        methodName: 'read',
        uriTemplate: 'items://items/{kind}/{id}',
        variables: ['kind', 'id'],
        title: 'Item',
        summary: 'Reads one item.',
        description: 'Reads one item.',
        mimeType: 'text/csv',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            kind: { type: 'string', enum: ['book', 'film'] },
            id: { type: 'integer', minimum: 1 },
          },
          required: ['kind', 'id'],
          additionalProperties: false,
        },
        source: { file: 'tools/t.ts', line: 4 },
      },
    ])
  })

  it('refuses a template variable that is no property of the input, at the parameter', async () => {
    expect(
      await deriveError(withTemplate('@resource items://items/{id}', 'input: { key: string }')),
    ).toBe(
      'tools/t.ts:4:8: Items_read: the template items://items/{id} has {id}, which is no property of the input (it has: key); each variable must be one',
    )
  })

  it('refuses an input property that is no variable of the template', async () => {
    expect(
      await deriveError(
        withTemplate('@resource items://items/{id}', 'input: { id: string; extra: string }'),
      ),
    ).toBe(
      'tools/t.ts:4:8: Items_read: the input\'s property "extra" is no variable of the template items://items/{id}; each property must be one',
    )
  })

  it('refuses a method without input for a template with variables', async () => {
    expect(await deriveError(withTemplate('@resource items://items/{id}', ''))).toMatch(
      /^tools\/t\.ts:4:3: Items_read: the template items:\/\/items\/\{id\} has \{id\}, which is no property of the input \(it has: none\)/,
    )
  })

  it.each([
    ['@resource', '@resource needs a URI template'],
    ['@resource items://items/{+path}', '{+path} is not a plain variable'],
    ['@resource items://items/{a}{b}', '{b} follows another expression directly'],
    ['@resource items://items/{id}/{id}', '{id} appears twice'],
    ['@resource items://items/list', 'the template has no {variable}'],
    ['@resource /items/{id}', 'it must start with a lower-case scheme'],
    ['@resource skill://x/{id}', 'the scheme "skill" is taken'],
    ['@resource items://items/{id', 'is never closed'],
    ['@resource items://a/./b/{id}', 'is not a URI in normal form'],
    ['@resource items://items/{id} @mimeType csv', '@mimeType "csv" is not a media type'],
  ])('refuses %j at the method', async (tags, problem) => {
    const message = await deriveError(withTemplate(tags, 'input: { id: string }'))
    expect(message.startsWith('tools/t.ts:4:3: Items_read: ')).toBe(true)
    expect(message).toContain(problem)
  })

  it.each([
    ['an object', 'input: { id: { a: string } }'],
    ['a list', 'input: { id: string[] }'],
    ['a union of types', 'input: { id: string | number }'],
    ['a Date', 'input: { id: Date }'],
  ])('refuses a variable typed as %s', async (_what, parameter) => {
    const message = await deriveError(withTemplate('@resource items://items/{id}', parameter))
    expect(message).toMatch(/^tools\/t\.ts:4:8: Items_read: /)
    expect(message).toMatch(/variable "id" must be a string|cannot be a Date/)
  })

  it('keeps the ids of tools and templates apart from each other, and unique', async () => {
    const derived = await derive(
      [
        'export class A {',
        '  /** @resource a://x/{n} */ one(input: { n: boolean }): string { return "" }',
        '  two(): number { return 1 }',
        '}',
      ].join('\n'),
    )
    expect(derived.resourceTemplates.map((template) => template.id)).toEqual(['A_one'])
    expect(derived.tools.map((tool) => tool.id)).toEqual(['A_two'])
    expect(derived.resourceTemplates[0]?.inputSchema.properties).toEqual({
      n: { type: 'boolean' },
    })
  })
})
