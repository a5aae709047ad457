import { writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { loadAgents } from './load-agents.js'

const { plugin, outside } = useTempPlugins('agents')

/** An agent file named `name`, with extra frontmatter lines. */
function agentMd(name: string, ...lines: string[]): string {
  return ['---', `name: ${name}`, 'description: Does x.', ...lines, '---', 'You do x.', ''].join(
    '\n',
  )
}

const allowedKeys =
  'name, description, model, effort, maxTurns, tools, disallowedTools, skills, memory, background, isolation, color'

describe('loadAgents', () => {
  it('reads every frontmatter key, the prompt and the markdown as written', async () => {
    const markdown = [
      '---',
      'name: reviewer',
      'description: Reviews notes. Use proactively after edits.',
      'tools: Notes_list, Notes_get',
      'disallowedTools: [Notes_remove]',
      'model: sonnet',
      'effort: medium',
      'maxTurns: 20',
      'skills: [note-taking, not-in-this-plugin]',
      'memory: project',
      'background: false',
      'isolation: worktree',
      'color: cyan',
      '---',
      '',
      'You review notes.',
      '',
      '1. Read them.',
      '',
    ].join('\r\n')
    const dir = await plugin({ 'agents/reviewer.md': markdown })
    expect(await loadAgents(dir)).toEqual([
      {
        name: 'reviewer',
        description: 'Reviews notes. Use proactively after edits.',
        frontmatter: {
          name: 'reviewer',
          description: 'Reviews notes. Use proactively after edits.',
          tools: 'Notes_list, Notes_get',
          disallowedTools: ['Notes_remove'],
          model: 'sonnet',
          effort: 'medium',
          maxTurns: 20,
          skills: ['note-taking', 'not-in-this-plugin'],
          memory: 'project',
          background: false,
          isolation: 'worktree',
          color: 'cyan',
        },
        prompt: 'You review notes.\n\n1. Read them.',
        markdown,
        source: { file: 'agents/reviewer.md', line: 1 },
      },
    ])
  })

  it('sorts agents by name and ignores other files', async () => {
    const dir = await plugin({
      'agents/b.md': agentMd('b'),
      'agents/a.md': agentMd('a'),
      'agents/notes.txt': 'x',
      'agents/assets/diagram.txt': 'x',
    })
    expect((await loadAgents(dir)).map((agent) => agent.name)).toEqual(['a', 'b'])
  })

  it('refuses an agent in a sub-folder, which Claude Code would not list, naming the file', async () => {
    const dir = await plugin({
      'agents/triage.md': agentMd('triage'),
      'agents/review/security.md': agentMd('security'),
    })
    const error = await loadAgents(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as PluginDefinitionError).message).toMatch(
      /agents\/review\/security\.md.*an agent must sit directly in agents\/ \(agents\/<name>\.md\): Claude Code lists no agent of a sub-folder/,
    )
  })

  it('returns [] without an agents folder', async () => {
    expect(await loadAgents(await plugin({}))).toEqual([])
  })

  it('reads frontmatter as Biome formats it', async () => {
    const markdown = '---\n\nname: a\ndescription: D\ntools:\n\n- Read\n- Grep\n\n---\n\nBody\n'
    const [agent] = await loadAgents(await plugin({ 'agents/a.md': markdown }))
    expect(agent?.frontmatter).toEqual({ name: 'a', description: 'D', tools: ['Read', 'Grep'] })
    expect(agent?.prompt).toBe('Body')
  })

  it('follows a symlink inside the plugin', async () => {
    const dir = await plugin(
      { 'shared/a.md': agentMd('a'), 'agents/.keep': '' },
      {
        'agents/a.md': '../shared/a.md',
      },
    )
    expect((await loadAgents(dir)).map((agent) => agent.markdown)).toEqual([agentMd('a')])
  })

  it.each([
    [
      'a file without frontmatter',
      { 'agents/a.md': 'You do x.' },
      `agents/a.md:1: the file must start with YAML frontmatter between "---" lines (keys: ${allowedKeys})`,
    ],
    [
      'invalid YAML',
      { 'agents/a.md': agentMd('a', 'name: b') },
      'agents/a.md:4: invalid YAML in the frontmatter: Map keys must be unique',
    ],
    [
      'an unknown key',
      { 'agents/a.md': agentMd('a', 'colour: red') },
      `agents/a.md:4: unknown frontmatter key "colour"; allowed: ${allowedKeys}`,
    ],
    [
      'a key Claude Code ignores in plugin agents',
      { 'agents/a.md': agentMd('a', 'permissionMode: plan') },
      `agents/a.md:4: "permissionMode" is ignored by Claude Code in plugin agents; allowed: ${allowedKeys}`,
    ],
    [
      'a missing name',
      { 'agents/a.md': '---\ndescription: D\n---\nBody' },
      'agents/a.md:1: "name" is required; set it to the file name, "a"',
    ],
    [
      'a missing description',
      { 'agents/a.md': '---\nname: a\n---\nBody' },
      'agents/a.md:1: "description" is required; say when Claude should hand work to this agent',
    ],
    [
      'a name with a colon',
      { 'agents/a:b.md': agentMd('"a:b"') },
      'agents/a:b.md:2: name "a:b" must match ^[a-z0-9]+(-[a-z0-9]+)*$',
    ],
    [
      'a name with capitals',
      { 'agents/Helper.md': agentMd('Helper') },
      'agents/Helper.md:2: name "Helper" must match ^[a-z0-9]+(-[a-z0-9]+)*$',
    ],
    [
      'a name that differs from the file name',
      { 'agents/a.md': agentMd('b') },
      'agents/a.md:2: name "b" must equal the file name, "a"',
    ],
    [
      'a blank description',
      { 'agents/a.md': '---\nname: a\ndescription: "  "\n---\nBody' },
      'agents/a.md:3: "description" must not be empty',
    ],
    [
      'a description that is not a string',
      { 'agents/a.md': '---\nname: a\ndescription: [x]\n---\nBody' },
      'agents/a.md:3: "description" must be a string',
    ],
    [
      'a model that is not a string',
      { 'agents/a.md': agentMd('a', 'model: 5') },
      'agents/a.md:4: "model" must be a string',
    ],
    [
      'an unknown effort',
      { 'agents/a.md': agentMd('a', 'effort: extreme') },
      'agents/a.md:4: "effort" must be one of low, medium, high, xhigh, max',
    ],
    [
      'a maxTurns of zero',
      { 'agents/a.md': agentMd('a', 'maxTurns: 0') },
      'agents/a.md:4: "maxTurns" must be a positive integer',
    ],
    [
      'a fractional maxTurns',
      { 'agents/a.md': agentMd('a', 'maxTurns: 2.5') },
      'agents/a.md:4: "maxTurns" must be a positive integer',
    ],
    [
      'a quoted maxTurns',
      { 'agents/a.md': agentMd('a', 'maxTurns: "10"') },
      'agents/a.md:4: "maxTurns" must be a positive integer',
    ],
    [
      'tools that are not strings',
      { 'agents/a.md': agentMd('a', 'tools: [Read, 3]') },
      'agents/a.md:4: "tools" must be a string or a list of strings',
    ],
    [
      'disallowedTools that are a mapping',
      { 'agents/a.md': agentMd('a', 'disallowedTools: { Read: true }') },
      'agents/a.md:4: "disallowedTools" must be a string or a list of strings',
    ],
    [
      'skills given as a string',
      { 'agents/a.md': agentMd('a', 'skills: note-taking') },
      'agents/a.md:4: "skills" must be a list of strings',
    ],
    [
      'an unknown memory scope',
      { 'agents/a.md': agentMd('a', 'memory: global') },
      'agents/a.md:4: "memory" must be one of user, project, local',
    ],
    [
      'a background that is not a boolean',
      { 'agents/a.md': agentMd('a', 'background: "true"') },
      'agents/a.md:4: "background" must be true or false',
    ],
    [
      'an unknown isolation',
      { 'agents/a.md': agentMd('a', 'isolation: docker') },
      'agents/a.md:4: "isolation" must be one of worktree',
    ],
    [
      'an unknown color',
      { 'agents/a.md': agentMd('a', 'color: magenta') },
      'agents/a.md:4: "color" must be one of red, blue, green, yellow, purple, orange, pink, cyan',
    ],
    [
      'an empty body',
      { 'agents/a.md': '---\nname: a\ndescription: D\n---\n\n  \n' },
      "agents/a.md:5: the agent's system prompt (the text after the frontmatter) is empty",
    ],
  ])('rejects %s, naming the file and line', async (_name, files, message) => {
    const error = await loadAgents(await plugin(files)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it('rejects a symlink that leaves the plugin folder', async () => {
    const away = await outside('.md')
    await writeFile(away, agentMd('a'))
    const dir = await plugin({ 'agents/.keep': '' }, { 'agents/a.md': away })
    const error = await loadAgents(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(
      `agents/a.md: the symlink leads outside the plugin folder (to ${away}); only links inside it are followed`,
    )
  })
})
