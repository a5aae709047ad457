import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import type { PluginOverview } from './build-plugin-overview.js'
import { buildPluginOverview } from './build-plugin-overview.js'

const origin = 'https://notes.example.com'
const mcp = 'https://notes.example.com/mcp'

describe('buildPluginOverview', () => {
  test('catalogs everything the example plugin offers with absolute links', () => {
    const expected: PluginOverview = {
      formatVersion: 1,
      identity: {
        name: 'notes',
        version: '1.2.3',
        title: 'Notes',
        description: 'Keeps notes.',
        author: 'Portico team',
        license: 'MIT',
        homepage: 'https://docs.example.com/notes',
        keywords: ['notes', 'example'],
      },
      style: {
        color: '#0f766e',
        icons: ['https://cdn.example.com/notes.svg', 'https://notes.example.com/icons/1'],
      },
      tools: [
        {
          id: 'Notes_create',
          className: 'Notes',
          methodName: 'create',
          title: 'Create note',
          summary: 'Creates a note.',
          annotations: { title: 'Create note', destructiveHint: false },
          rest: 'https://notes.example.com/api/Notes/create',
          mcp,
        },
        {
          id: 'Notes_list',
          className: 'Notes',
          methodName: 'list',
          annotations: { readOnlyHint: true },
          rest: 'https://notes.example.com/api/Notes/list',
          mcp,
          widget: 'https://notes.example.com/widgets/Notes_list',
        },
        {
          id: 'Tags_list',
          className: 'Tags',
          methodName: 'list',
          annotations: {},
          rest: 'https://notes.example.com/api/Tags/list',
          mcp,
        },
      ],
      toolGroups: [
        {
          name: 'Notes',
          description: 'Notes of the user.',
          tools: ['Notes_create', 'Notes_list'],
          mcpServers: ['main'],
        },
        { name: 'Tags', tools: ['Tags_list'], mcpServers: ['main', 'tags'] },
      ],
      skills: [
        {
          name: 'note-taking',
          description: 'Takes tidy notes.',
          zip: 'https://notes.example.com/skills/note-taking.zip',
          skill: 'https://notes.example.com/skills/note-taking.skill',
          browse: 'https://notes.example.com/skills/note-taking/SKILL.md',
          files: ['SKILL.md', 'reference/style.md'],
        },
      ],
      agents: [
        {
          name: 'note-reviewer',
          description: 'Reviews notes.',
          markdown: 'https://notes.example.com/agents/note-reviewer.md',
          json: 'https://notes.example.com/agents/note-reviewer.json',
          html: 'https://notes.example.com/#/agents/note-reviewer',
        },
      ],
      widgets: [
        {
          toolId: 'Notes_list',
          uri: 'ui://widgets/Notes_list.html',
          url: 'https://notes.example.com/widgets/Notes_list',
        },
      ],
      prompts: [
        {
          name: 'Notes_review',
          description: 'Reviews a note, with its attachments.',
          arguments: [{ name: 'id', description: 'The note to review.', required: true }],
          className: 'Notes',
          methodName: 'review',
        },
        {
          name: 'draft-note',
          title: 'Draft a note',
          description: 'Drafts a note on a topic.',
          arguments: [
            { name: 'topic', description: 'What the note is about.', required: true },
            { name: 'tone', required: false },
          ],
        },
      ],
      resources: [
        {
          uri: 'notes://guides/setup',
          name: 'guides/setup.md',
          title: 'setup.md',
          mimeType: 'text/markdown',
          size: 8,
          url: 'https://notes.example.com/api/resources?uri=notes%3A%2F%2Fguides%2Fsetup',
        },
      ],
      resourceTemplates: [
        {
          id: 'Tags_byName',
          className: 'Tags',
          methodName: 'byName',
          uriTemplate: 'notes://tags/{name}',
          variables: ['name'],
          summary: 'A tag and its notes.',
          mimeType: 'application/json',
          mcpServers: ['main', 'tags'],
        },
      ],
      mcpServers: [
        {
          name: 'main',
          url: mcp,
          title: 'Notes',
          tools: ['Notes_create', 'Notes_list', 'Tags_list'],
        },
        {
          name: 'tags',
          url: 'https://notes.example.com/mcp/tags',
          title: 'Notes: tags',
          tools: ['Tags_list'],
        },
        {
          name: 'github',
          url: 'https://api.githubcopilot.com/mcp/',
          title: 'GitHub',
          external: true,
        },
      ],
    }
    expect(buildPluginOverview(createExampleModel(), origin)).toEqual(expected)
  })

  test('gives empty catalogs and only the main server for a bare plugin', () => {
    expect(buildPluginOverview(createBareModel(), origin)).toEqual({
      formatVersion: 1,
      identity: { name: 'notes', version: '1.2.3', title: 'Notes', description: '', keywords: [] },
      style: { color: '#0f766e', icons: ['https://notes.example.com/icons/0'] },
      tools: [],
      toolGroups: [],
      skills: [],
      agents: [],
      widgets: [],
      prompts: [],
      resources: [],
      resourceTemplates: [],
      mcpServers: [{ name: 'main', url: mcp, title: 'Notes', tools: [] }],
    })
  })

  test('titles an untitled named server "<plugin title>: <name>" as initialize does', () => {
    const model = createExampleModel()
    model.config.mcp.servers = { tags: { classes: ['Tags'] } }
    expect(buildPluginOverview(model, origin).mcpServers[1]).toEqual({
      name: 'tags',
      url: 'https://notes.example.com/mcp/tags',
      title: 'Notes: tags',
      tools: ['Tags_list'],
    })
  })

  test('renders byte-identical JSON for the same model and origin', () => {
    expect(JSON.stringify(buildPluginOverview(createExampleModel(), origin))).toBe(
      JSON.stringify(buildPluginOverview(createExampleModel(), origin)),
    )
  })
})
