import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import type { PromptConfig } from '../../config/config-types.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import type { PromptMethodDefinition } from '../plugin-model.js'
import { loadPrompts } from './load-prompts.js'

const { plugin } = useTempPlugins('prompts')

const draft: PromptConfig = {
  name: 'draft',
  arguments: [{ name: 'topic', required: true }],
  template: 'Draft {{topic}}.',
}

/** A prompt method as the tools derive it, at `tools/notes.ts:7`. */
function methodPrompt(name: string): PromptMethodDefinition {
  return {
    name,
    arguments: [],
    method: { className: 'Notes', methodName: 'review', inputSchema: { type: 'object' } },
    source: { file: 'tools/notes.ts', line: 7 },
  }
}

describe('loadPrompts', () => {
  it('reads every frontmatter key', async () => {
    const dir = await plugin({
      'prompts/summarize.md': [
        '---',
        'name: summarize-notes',
        'title: Summarize notes',
        'description: Sums up the notes on a tag.',
        'arguments:',
        '  - name: tag',
        '    description: Only notes with this tag',
        '    required: true',
        '  - { name: style, required: false }',
        '---',
        'Summarize the notes tagged {{ tag }} as {{style}}.',
        '',
      ].join('\n'),
    })
    expect(await loadPrompts(dir, [])).toEqual([
      {
        name: 'summarize-notes',
        title: 'Summarize notes',
        description: 'Sums up the notes on a tag.',
        arguments: [
          { name: 'tag', description: 'Only notes with this tag', required: true },
          { name: 'style', required: false },
        ],
        template: 'Summarize the notes tagged {{ tag }} as {{style}}.',
        source: { file: 'prompts/summarize.md', line: 1 },
      },
    ])
  })

  it('keeps the values an argument suggests, from the frontmatter and the config', async () => {
    const dir = await plugin({
      'prompts/review.md':
        '---\narguments:\n  - name: tone\n    values: [formal, funny]\n---\n{{tone}}',
    })
    const config: PromptConfig = {
      name: 'pick',
      arguments: [{ name: 'kind', values: ['book', 'film'] }],
      template: 'Pick a {{kind}}.',
    }
    const prompts = await loadPrompts(dir, [config])
    expect(prompts.map((prompt) => prompt.arguments)).toEqual([
      [{ name: 'kind', required: false, values: ['book', 'film'] }],
      [{ name: 'tone', required: false, values: ['formal', 'funny'] }],
    ])
  })

  it('defaults the name to the file name and required to false', async () => {
    const dir = await plugin({
      'prompts/plan_day.md': '---\narguments:\n  - name: focus\n---\nPlan around {{focus}}.\n',
      'prompts/hello.md': 'Say hello.\n',
    })
    expect(await loadPrompts(dir, [])).toEqual([
      {
        name: 'hello',
        arguments: [],
        template: 'Say hello.',
        source: { file: 'prompts/hello.md', line: 1 },
      },
      {
        name: 'plan_day',
        arguments: [{ name: 'focus', required: false }],
        template: 'Plan around {{focus}}.',
        source: { file: 'prompts/plan_day.md', line: 1 },
      },
    ])
  })

  it('reads frontmatter as Biome formats it, and empty frontmatter', async () => {
    const dir = await plugin({
      'prompts/formatted.md':
        '---\n\ntitle: F\narguments:\n\n- name: a\n  required: true\n\n---\n\nUse {{a}}.\n',
      'prompts/empty.md': '---\n# nothing yet\n---\nPlain.',
    })
    expect(await loadPrompts(dir, [])).toEqual([
      {
        name: 'empty',
        arguments: [],
        template: 'Plain.',
        source: { file: 'prompts/empty.md', line: 1 },
      },
      {
        name: 'formatted',
        title: 'F',
        arguments: [{ name: 'a', required: true }],
        template: 'Use {{a}}.',
        source: { file: 'prompts/formatted.md', line: 1 },
      },
    ])
  })

  it('trims leading blank lines and trailing whitespace off the body and normalises CRLF', async () => {
    const dir = await plugin({
      'prompts/x.md':
        '---\r\ntitle: X\r\n---\r\n\r\n  \r\n  Indented first line.\r\nSecond line.\r\n\r\n',
    })
    const [prompt] = await loadPrompts(dir, [])
    expect(prompt?.template).toBe('  Indented first line.\nSecond line.')
  })

  it('merges config prompts with file prompts, sorted by name', async () => {
    const dir = await plugin({ 'prompts/echo.md': 'Echo.' })
    const config: PromptConfig = {
      name: 'ask',
      title: 'Ask',
      description: 'Asks.',
      arguments: [{ name: 'q', description: 'The question' }],
      template: '\nAsk {{q}}.\n',
    }
    expect(await loadPrompts(dir, [config, draft])).toEqual([
      {
        name: 'ask',
        title: 'Ask',
        description: 'Asks.',
        arguments: [{ name: 'q', description: 'The question', required: false }],
        template: '\nAsk {{q}}.\n',
        source: { file: 'portico.config.ts', line: 1 },
      },
      {
        name: 'draft',
        arguments: [{ name: 'topic', required: true }],
        template: 'Draft {{topic}}.',
        source: { file: 'portico.config.ts', line: 1 },
      },
      {
        name: 'echo',
        arguments: [],
        template: 'Echo.',
        source: { file: 'prompts/echo.md', line: 1 },
      },
    ])
  })

  it('ignores other files and subfolders, and returns [] without a prompts folder', async () => {
    const dir = await plugin({ 'prompts/notes.txt': 'x', 'prompts/nested/deep.md': 'x' })
    expect(await loadPrompts(dir, [])).toEqual([])
    expect(await loadPrompts(await plugin({}), [])).toEqual([])
  })

  it('keeps escaped placeholders out of the argument check', async () => {
    const dir = await plugin({ 'prompts/x.md': 'Write \\{{name}} literally.' })
    const [prompt] = await loadPrompts(dir, [])
    expect(prompt?.template).toBe('Write \\{{name}} literally.')
  })

  const args = '---\narguments:\n  - name: topic\n---\n'
  it.each([
    [
      'an unknown frontmatter key',
      { 'prompts/x.md': '---\ntitle: X\nnmae: y\n---\nBody' },
      'prompts/x.md:3: unknown frontmatter key "nmae"; allowed: name, title, description, arguments',
    ],
    [
      'a title that is not a string',
      { 'prompts/x.md': '---\ntitle: 12\n---\nBody' },
      'prompts/x.md:2: "title" must be a string',
    ],
    [
      'frontmatter that is not a mapping',
      { 'prompts/x.md': '---\n- a\n---\nBody' },
      'prompts/x.md:2: the frontmatter must be a mapping of name, title, description, arguments',
    ],
    [
      'arguments that are not a list',
      { 'prompts/x.md': '---\narguments: topic\n---\nBody' },
      'prompts/x.md:2: "arguments" must be a list of { name, description?, required?, values? }',
    ],
    [
      'empty arguments',
      { 'prompts/x.md': '---\narguments:\n---\nBody' },
      'prompts/x.md:2: "arguments" must be a list of { name, description?, required?, values? }',
    ],
    [
      'an argument that is not a mapping',
      { 'prompts/x.md': '---\narguments:\n  - topic\n---\nBody' },
      'prompts/x.md:3: arguments[0] must be a mapping of name, description, required, values',
    ],
    [
      'an unknown YAML tag',
      { 'prompts/x.md': '---\ntitle: !upper x\n---\nBody' },
      'prompts/x.md:2: invalid YAML in the frontmatter: Unresolved tag: !upper',
    ],
    [
      'an argument without a name',
      { 'prompts/x.md': '---\narguments:\n  - description: d\n---\nBody' },
      'prompts/x.md:3: arguments[0] needs a name',
    ],
    [
      'an unknown argument key',
      { 'prompts/x.md': '---\narguments:\n  - name: a\n    requird: true\n---\nBody' },
      'prompts/x.md:4: unknown key "requird" in arguments[0]; allowed: name, description, required, values',
    ],
    [
      'a required flag that is not a boolean',
      { 'prompts/x.md': '---\narguments:\n  - name: a\n    required: "yes"\n---\nBody' },
      'prompts/x.md:4: arguments[0].required must be true or false',
    ],
    [
      'values that are not a list of strings',
      { 'prompts/x.md': '---\narguments:\n  - name: a\n    values: [1, 2]\n---\nBody' },
      'prompts/x.md:4: arguments[0].values must be a list of strings',
    ],
    [
      'a value listed twice',
      { 'prompts/x.md': '---\narguments:\n  - name: a\n    values: [x, y, x]\n---\n{{a}}' },
      'prompts/x.md:3: argument "a" lists the value "x" twice',
    ],
    [
      'a name that does not match the pattern',
      { 'prompts/x.md': '---\ntitle: X\nname: bad name\n---\nBody' },
      'prompts/x.md:3: prompt name "bad name" must match ^[a-zA-Z0-9_-]{1,64}$',
    ],
    [
      'a file name that gives an invalid name',
      { 'prompts/my prompt.md': 'Body' },
      'prompts/my prompt.md:1: the file name gives the prompt name "my prompt", which must match ^[a-zA-Z0-9_-]{1,64}$; rename the file or set "name" in the frontmatter',
    ],
    [
      'an argument declared twice',
      { 'prompts/x.md': '---\narguments:\n  - name: a\n  - name: a\n---\nBody' },
      'prompts/x.md:4: argument "a" is declared twice',
    ],
    [
      'an argument name that is not an identifier',
      { 'prompts/x.md': '---\narguments:\n  - name: 1st\n---\nBody' },
      'prompts/x.md:3: argument name "1st" must match ^[a-zA-Z_][a-zA-Z0-9_]*$',
    ],
    [
      'a placeholder naming no declared argument',
      { 'prompts/x.md': `${args}\nFirst {{ topic }}.\nThen {{ tpoic }}.` },
      'prompts/x.md:7: {{tpoic}} names no declared argument (declared: topic); write \\{{ for a literal {{',
    ],
    [
      'malformed YAML',
      { 'prompts/x.md': '---\ntitle: X\ndescription: "open\n---\nBody' },
      'prompts/x.md:3: invalid YAML in the frontmatter: Missing closing "quote',
    ],
    [
      'a duplicate YAML key',
      { 'prompts/x.md': '---\ntitle: X\ntitle: Y\n---\nBody' },
      'prompts/x.md:3: invalid YAML in the frontmatter: Map keys must be unique',
    ],
    [
      'a missing closing ---',
      { 'prompts/x.md': '---\ntitle: X\nBody' },
      'prompts/x.md:1: the frontmatter opened here has no closing "---" line',
    ],
    [
      'an empty body',
      { 'prompts/x.md': '---\ntitle: X\n---\n\n' },
      'prompts/x.md:4: the prompt text is empty',
    ],
    [
      'two files with the same prompt name',
      { 'prompts/a.md': '---\nname: b\n---\nA', 'prompts/b.md': '---\ntitle: B\n---\nB' },
      'prompts/b.md:1: duplicate prompt name "b"; also defined at prompts/a.md:2',
    ],
  ])('rejects %s, naming the file and line', async (_name, files, message) => {
    const error = await loadPrompts(await plugin(files), []).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it.each([
    [
      'a config prompt named like a file prompt',
      { 'prompts/draft.md': 'Draft.' },
      [draft],
      'portico.config.ts (key "prompts.0.name"): duplicate prompt name "draft"; also defined at prompts/draft.md:1',
    ],
    [
      'two config prompts with the same name',
      {},
      [draft, { ...draft, title: 'Again' }],
      'portico.config.ts (key "prompts.1.name"): duplicate prompt name "draft"; also defined at portico.config.ts (key "prompts.0.name")',
    ],
    [
      'a config placeholder naming no declared argument',
      {},
      [{ ...draft, template: 'Draft {{subject}}.' }],
      'portico.config.ts (key "prompts.0.template"): {{subject}} names no declared argument (declared: topic); write \\{{ for a literal {{',
    ],
    [
      'a config argument declared twice',
      {},
      [{ ...draft, arguments: [{ name: 'topic' }, { name: 'topic' }] }],
      'portico.config.ts (key "prompts.0.arguments.1.name"): argument "topic" is declared twice',
    ],
  ])('rejects %s, naming the config key', async (_name, files, configPrompts, message) => {
    const error = await loadPrompts(await plugin(files), configPrompts).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it('sorts the prompt methods among the templates, by name', async () => {
    const dir = await plugin({ 'prompts/draft.md': 'Draft.' })
    const prompts = await loadPrompts(dir, [], [methodPrompt('Notes_review')])
    expect(prompts.map((prompt) => prompt.name)).toEqual(['Notes_review', 'draft'])
    expect(prompts[0]).toEqual(methodPrompt('Notes_review'))
  })

  it('rejects a prompt method named like a prompt file, naming the method', async () => {
    const dir = await plugin({ 'prompts/Notes_review.md': 'Review.' })
    const error = await loadPrompts(dir, [], [methodPrompt('Notes_review')]).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(
      'tools/notes.ts:7: duplicate prompt name "Notes_review"; also defined at prompts/Notes_review.md:1',
    )
  })
})
