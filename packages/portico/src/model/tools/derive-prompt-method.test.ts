import { describe, expect, it } from 'vitest'
import { useDeriveInTemp } from '../../../test/support/derive-tools-in-temp.js'

const { derive, deriveError } = useDeriveInTemp('derive-prompts')

/** A class with one tool and, at line 5, the method `review` tagged with `tags`. */
function withPrompt(tags: string, parameters: string, returns = 'string'): string {
  return [
    "import { content, type PorticoToolContext, type ToolContent } from 'portico'",
    'export class Notes {',
    '  list(): string[] { return [] }',
    `  /** Reviews a note. ${tags} */`,
    `  review(${parameters}): ${returns} { return '' as never }`,
    '}',
    'export const unused = [content] as unknown as [PorticoToolContext, ToolContent]',
  ].join('\n')
}

describe('prompts from @prompt', () => {
  it('makes a tagged method a prompt, not a tool, with its arguments', async () => {
    const derived = await derive(
      withPrompt(
        '@title Review @prompt',
        "input: { /** The note to review. @minLength 1 */ id: string; tone?: 'formal' | 'friendly' }",
        'Promise<ToolContent>',
      ),
    )
    expect(derived.tools.map((tool) => tool.id)).toEqual(['Notes_list'])
    expect(derived.toolClasses[0]?.toolIds).toEqual(['Notes_list'])
    expect(derived.prompts).toEqual([
      {
        name: 'Notes_review',
        title: 'Review',
        description: 'Reviews a note.',
        arguments: [
          { name: 'id', description: 'The note to review.', required: true },
          { name: 'tone', required: false, values: ['formal', 'friendly'] },
        ],
        method: {
          className: 'Notes',
          methodName: 'review',
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: {
              id: { type: 'string', description: 'The note to review.', minLength: 1 },
              tone: { type: 'string', enum: ['formal', 'friendly'] },
            },
            required: ['id'],
            additionalProperties: false,
          },
        },
        source: { file: 'tools/t.ts', line: 5 },
      },
    ])
  })

  it.each([
    ['no parameter', '', 'string'],
    ['the context after its input', 'input: { id: string }, ctx: PorticoToolContext', 'string'],
    ['a Promise of a string', 'input: { id: string }', 'Promise<string>'],
    ['ToolContent', 'input: { id: string }', 'ToolContent'],
  ])('accepts a method with %s', async (_what, parameters, returns) => {
    const derived = await derive(withPrompt('@prompt', parameters, returns))
    expect(derived.prompts.map((prompt) => prompt.name)).toEqual(['Notes_review'])
    expect(derived.prompts[0]?.arguments).toEqual(
      parameters === '' ? [] : [{ name: 'id', required: true }],
    )
  })

  it.each([
    ['a number', 'input: { id: number }', 'the argument "id" must be a string'],
    ['an object', 'input: { id: { a: string } }', 'the argument "id" must be a string'],
    ['a union of types', 'input: { id: string | boolean }', 'the argument "id" must be a string'],
    ['a Date', 'input: { id: Date }', 'a prompt argument cannot be a Date'],
  ])('refuses an argument typed as %s, at the parameter', async (_what, parameters, problem) => {
    const message = await deriveError(withPrompt('@prompt', parameters))
    expect(message).toBe(
      problem.startsWith('the argument')
        ? `tools/t.ts:5:10: Notes_review: ${problem}, since MCP passes prompt arguments as text`
        : `tools/t.ts:5:10: Notes_review: ${problem} or a recursive type; use a string`,
    )
  })

  it('refuses a union of input types, at the parameter', async () => {
    expect(
      await deriveError(withPrompt('@prompt', 'input: { id: string } | { key: string }')),
    ).toBe(
      "tools/t.ts:5:10: Notes_review: a prompt's input is one object type, whose properties are its arguments",
    )
  })

  it.each([
    ['a number', 'number', 'number'],
    ['a Promise of an object', 'Promise<{ text: string }>', '{ text: string; }'],
    ['nothing', 'void', 'void'],
  ])('refuses a method that returns %s, at its return type', async (_what, returns, named) => {
    const column = 'review(): '.length + 3
    expect(await deriveError(withPrompt('@prompt', '', returns))).toBe(
      `tools/t.ts:5:${column}: Notes_review: a prompt method returns a string or ToolContent (from 'portico'), possibly in a Promise, not ${named}`,
    )
  })

  it('refuses a method tagged both @resource and @prompt', async () => {
    expect(
      await deriveError(
        withPrompt('@prompt @resource notes://notes/{id}', 'input: { id: string }'),
      ),
    ).toBe(
      'tools/t.ts:5:3: Notes_review: a method is a resource template (@resource) or a prompt (@prompt), not both',
    )
  })

  it('keeps the ids of tools and prompts apart from each other, and unique', async () => {
    const message = await deriveError(
      [
        'export class A {',
        '  b_c(): number { return 1 }',
        '}',
        'export class A_b {',
        '  /** @prompt */ c(): string { return "" }',
        '}',
      ].join('\n'),
    )
    expect(message).toMatch(
      /^tools\/t\.ts:5:\d+: tool id "A_b_c" is also defined at tools\/t\.ts:2/,
    )
  })
})
