import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import {
  buildAgentUrls,
  buildDocumentUrl,
  buildIconUrls,
  buildMcpServerUrl,
  buildPluginLinks,
  buildSkillUrls,
  buildToolRestUrl,
  toKebabName,
} from './document-urls.js'

const origin = 'https://notes.example.com'

describe('document URLs', () => {
  test('joins an origin with a trailing slash without doubling it', () => {
    expect(buildDocumentUrl('https://notes.example.com/', '/plugin.zip')).toBe(
      'https://notes.example.com/plugin.zip',
    )
  })

  test('builds the plugin links of /plugin.json', () => {
    expect(buildPluginLinks(origin)).toEqual({
      openApi: 'https://notes.example.com/open-api.json',
      overview: 'https://notes.example.com/com.portico.plugin/contents.json',
      package: 'https://notes.example.com/plugin.zip',
    })
  })

  test('builds /mcp for the main server and /mcp/<server> for a named one', () => {
    expect(buildMcpServerUrl(origin, '')).toBe('https://notes.example.com/mcp')
    expect(buildMcpServerUrl(origin, 'tags')).toBe('https://notes.example.com/mcp/tags')
  })

  test('builds the REST URL of a tool', () => {
    expect(buildToolRestUrl(origin, 'Notes', 'create')).toBe(
      'https://notes.example.com/api/Notes/create',
    )
  })

  test('builds the zip, .skill and SKILL.md URLs of a skill', () => {
    expect(buildSkillUrls(origin, 'note-taking')).toEqual({
      zip: 'https://notes.example.com/skills/note-taking.zip',
      skill: 'https://notes.example.com/skills/note-taking.skill',
      browse: 'https://notes.example.com/skills/note-taking/SKILL.md',
    })
  })

  test('builds the markdown, JSON and docs-site URLs of an agent', () => {
    expect(buildAgentUrls(origin, 'note-reviewer')).toEqual({
      markdown: 'https://notes.example.com/agents/note-reviewer.md',
      json: 'https://notes.example.com/agents/note-reviewer.json',
      html: 'https://notes.example.com/#/agents/note-reviewer',
    })
  })

  test('percent-encodes a name that is not URL-safe', () => {
    expect(buildMcpServerUrl(origin, 'a b')).toBe('https://notes.example.com/mcp/a%20b')
  })

  test('keeps URL icons and points file icons at /icons/<index>', () => {
    expect(buildIconUrls(createExampleModel(), origin)).toEqual([
      'https://cdn.example.com/notes.svg',
      'https://notes.example.com/icons/1',
    ])
    // A plugin without icons is shown with Portico's, served at /icons/0.
    expect(buildIconUrls(createBareModel(), origin)).toEqual(['https://notes.example.com/icons/0'])
  })

  test.each([
    ['notes', 'notes'],
    ['@acme/Notes_Tools', 'acme-notes-tools'],
    ['--Notes  2--', 'notes-2'],
    ['@@@', 'plugin'],
  ])('makes %j kebab-case as %j', (name, expected) => {
    expect(toKebabName(name)).toBe(expected)
  })
})
