import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import type { AgentDefinition } from '../../model/plugin-model.js'
import type { AgentJson } from './agent-documents.js'
import { buildAgentJson, buildAgentsCatalog } from './agent-documents.js'

const origin = 'https://notes.example.com'

function createAgent(frontmatter: Record<string, unknown>): AgentDefinition {
  return {
    name: 'helper',
    description: 'Helps.',
    frontmatter: { name: 'helper', description: 'Helps.', ...frontmatter },
    prompt: 'You help.',
    markdown: '---\nname: helper\ndescription: Helps.\n---\nYou help.',
    source: { file: 'agents/helper.md', line: 1 },
  }
}

describe('buildAgentsCatalog', () => {
  test('lists each agent with its markdown, JSON and docs-site URLs', () => {
    expect(buildAgentsCatalog(createExampleModel(), origin)).toEqual({
      agents: [
        {
          name: 'note-reviewer',
          description: 'Reviews notes.',
          markdown: 'https://notes.example.com/agents/note-reviewer.md',
          json: 'https://notes.example.com/agents/note-reviewer.json',
          html: 'https://notes.example.com/#/agents/note-reviewer',
        },
      ],
    })
  })

  test('lists no agents for a plugin without any', () => {
    expect(buildAgentsCatalog(createBareModel(), origin)).toEqual({ agents: [] })
  })
})

describe('buildAgentJson', () => {
  test('splits a comma-separated tools string and resolves the plugin tool ids', () => {
    const model = createExampleModel()
    const [agent] = model.agents
    if (!agent) throw new Error('the example model has an agent')
    expect(buildAgentJson(agent, model)).toEqual({
      name: 'note-reviewer',
      description: 'Reviews notes.',
      model: 'sonnet',
      tools: [{ name: 'Read' }, { name: 'Notes_list', toolId: 'Notes_list' }],
      prompt: 'You review notes.\n',
    })
  })

  test('types every supported frontmatter field and takes lists written as arrays', () => {
    const agent = createAgent({
      model: 'opus',
      effort: 'high',
      maxTurns: 20,
      color: 'cyan',
      tools: ['Grep', ' Notes_create '],
      disallowedTools: 'Bash, Notes_list',
      skills: ['note-taking'],
      memory: 'project',
      background: true,
      isolation: 'worktree',
      permissionMode: 'plan',
      hooks: { Stop: [] },
    })
    const expected: AgentJson = {
      name: 'helper',
      description: 'Helps.',
      model: 'opus',
      effort: 'high',
      maxTurns: 20,
      color: 'cyan',
      tools: [{ name: 'Grep' }, { name: 'Notes_create', toolId: 'Notes_create' }],
      disallowedTools: [{ name: 'Bash' }, { name: 'Notes_list', toolId: 'Notes_list' }],
      skills: ['note-taking'],
      memory: 'project',
      background: true,
      isolation: 'worktree',
      prompt: 'You help.',
    }
    expect(buildAgentJson(agent, createExampleModel())).toEqual(expected)
  })

  test('leaves out fields of the wrong type and lists that end up empty', () => {
    const agent = createAgent({
      model: 3,
      maxTurns: '20',
      background: 'yes',
      color: '  ',
      tools: ' , ',
      skills: [1, null],
    })
    expect(buildAgentJson(agent, createExampleModel())).toEqual({
      name: 'helper',
      description: 'Helps.',
      prompt: 'You help.',
    })
  })

  test('does not resolve a tool id of another plugin or a different case', () => {
    const agent = createAgent({ tools: 'notes_list, Other_tool' })
    expect(buildAgentJson(agent, createExampleModel()).tools).toEqual([
      { name: 'notes_list' },
      { name: 'Other_tool' },
    ])
  })
})
