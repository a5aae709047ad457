import { configDefaults } from '../../src/config/config-defaults.js'
import type { PluginModel, ToolDefinition } from '../../src/model/plugin-model.js'

// Test-only: the hand-built models the document tests share.

/** A tool of the fixtures, with an empty input and a string output unless overridden. */
export function createFixtureTool(
  className: string,
  methodName: string,
  fields: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    id: `${className}_${methodName}`,
    className,
    methodName,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: { type: 'string' },
    annotations: {},
    inputDatePaths: [],
    source: { file: `tools/${className.toLowerCase()}.ts`, line: 1 },
    ...fields,
  }
}

/** The smallest model: identity without any optional field, no tools, nothing else. */
export function createBareModel(): PluginModel {
  return {
    formatVersion: 4,
    identity: { name: 'notes', version: '1.2.3', title: 'Notes', description: '', keywords: [] },
    config: {
      auth: 'anon',
      mcp: { servers: {}, external: {}, sessions: 'stateless' },
      style: { color: '#0f766e', icons: [] },
      // The generated defaults: a limit added to its declaration reaches the fixture too.
      limits: { ...configDefaults.limits },
      server: { ...configDefaults.server, allowedHosts: [], allowBrowserOrigins: [] },
      prompts: [],
      resources: { scheme: 'notes' },
    },
    toolClasses: [],
    tools: [],
    types: [],
    prompts: [],
    widgets: [],
    skills: [],
    agents: [],
    resources: [],
    resourceTemplates: [],
    icons: [],
    readme: '',
  }
}

const skillMarkdown =
  '---\nname: note-taking\ndescription: Takes tidy notes.\n---\nWrite short notes.\n'
const agentMarkdown =
  '---\nname: note-reviewer\ndescription: Reviews notes.\n---\nYou review notes.\n'

/**
 * A model with one of everything: optional identity fields, a named and an external MCP
 * server, instructions, a URL icon and a file icon, two tool classes, a widget, a prompt method
 * and a prompt template, a skill, an agent, a static resource and a resource template.
 */
export function createExampleModel(): PluginModel {
  const bare = createBareModel()
  const tools = [
    createFixtureTool('Notes', 'create', {
      summary: 'Creates a note.',
      annotations: { title: 'Create note', destructiveHint: false },
    }),
    createFixtureTool('Notes', 'list', { annotations: { readOnlyHint: true } }),
    createFixtureTool('Tags', 'list'),
  ]
  return {
    ...bare,
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
    config: {
      ...bare.config,
      mcp: {
        servers: { tags: { classes: ['Tags'], title: 'Notes: tags' } },
        external: { github: { url: 'https://api.githubcopilot.com/mcp/', title: 'GitHub' } },
        instructions: 'Search before creating.',
        sessions: 'stateless',
      },
      style: { color: '#0f766e', icons: ['https://cdn.example.com/notes.svg', 'public/icon.png'] },
    },
    toolClasses: [
      {
        name: 'Notes',
        description: 'Notes of the user.',
        file: 'tools/notes.ts',
        toolIds: ['Notes_create', 'Notes_list'],
      },
      { name: 'Tags', file: 'tools/tags.ts', toolIds: ['Tags_list'] },
    ],
    tools,
    resources: [
      {
        uri: 'notes://guides/setup',
        file: { path: 'guides/setup.md', base64: Buffer.from('# Setup\n').toString('base64') },
        mimeType: 'text/markdown',
        text: true,
        size: 8,
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
        description: 'A tag and its notes.',
        mimeType: 'application/json',
        inputSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
          additionalProperties: false,
        },
        source: { file: 'tools/tags.ts', line: 9 },
      },
    ],
    prompts: [
      {
        name: 'Notes_review',
        description: 'Reviews a note, with its attachments.',
        arguments: [{ name: 'id', description: 'The note to review.', required: true }],
        method: {
          className: 'Notes',
          methodName: 'review',
          inputSchema: {
            type: 'object',
            properties: { id: { type: 'string', description: 'The note to review.' } },
            required: ['id'],
            additionalProperties: false,
          },
        },
        source: { file: 'tools/notes.ts', line: 20 },
      },
      {
        name: 'draft-note',
        title: 'Draft a note',
        description: 'Drafts a note on a topic.',
        arguments: [
          { name: 'topic', description: 'What the note is about.', required: true },
          { name: 'tone', required: false, values: ['formal', 'casual'] },
        ],
        template: 'Draft a note about {{topic}}.',
        source: { file: 'prompts/draft-note.md', line: 1 },
      },
    ],
    widgets: [
      {
        toolId: 'Notes_list',
        uri: 'ui://widgets/Notes_list.html',
        html: '<p>Notes</p>',
        file: 'widgets/Notes_list.html',
        assets: [],
      },
    ],
    skills: [
      {
        name: 'note-taking',
        description: 'Takes tidy notes.',
        frontmatter: { name: 'note-taking', description: 'Takes tidy notes.' },
        files: [
          { path: 'SKILL.md', base64: Buffer.from(skillMarkdown).toString('base64') },
          { path: 'reference/style.md', base64: Buffer.from('# Style\n').toString('base64') },
        ],
        source: { file: 'skills/note-taking/SKILL.md', line: 1 },
      },
    ],
    agents: [
      {
        name: 'note-reviewer',
        description: 'Reviews notes.',
        frontmatter: {
          name: 'note-reviewer',
          description: 'Reviews notes.',
          tools: 'Read, Notes_list',
          model: 'sonnet',
        },
        prompt: 'You review notes.\n',
        markdown: agentMarkdown,
        source: { file: 'agents/note-reviewer.md', line: 1 },
      },
    ],
    icons: [
      { kind: 'url', url: 'https://cdn.example.com/notes.svg' },
      {
        kind: 'file',
        file: { path: 'public/icon.png', base64: 'iVBORw0KGgo=' },
        contentType: 'image/png',
      },
    ],
    readme: '# Notes\n',
  }
}
