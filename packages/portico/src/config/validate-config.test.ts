import { describe, expect, it } from 'vitest'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { validateConfig } from './validate-config.js'

describe('validateConfig', () => {
  it('accepts a config using every key', () => {
    const config = {
      name: 'notes',
      version: '1.2.3',
      title: 'Notes',
      description: 'd',
      author: 'a',
      license: 'MIT',
      homepage: 'https://notes.example',
      keywords: ['a'],
      auth: 'portico-hub',
      deploy: { org: 'acme', app: 'notes' },
      mcp: {
        servers: { admin: { classes: ['Admin'], title: 'Admin tools' } },
        external: { github: { url: 'https://api.githubcopilot.com/mcp/' } },
        instructions: 'Use the notes tools.',
        sessions: 'stateful',
      },
      prompts: [
        {
          name: 'draft-note',
          title: 'Draft a note',
          description: 'd',
          arguments: [{ name: 'topic', description: 'd', required: true }],
          template: 'Draft {{topic}}.',
        },
      ],
      style: { color: '#0f766e', icons: ['public/icon.png'] },
      limits: { bodyBytes: 2048, toolTimeoutMs: 1000, mcpSessions: 10, mcpSessionIdleMs: 60_000 },
      server: { publicUrl: 'https://notes.example', trustProxy: true },
    }
    expect(validateConfig(config, 'portico.config.ts')).toBe(config)
  })

  it.each([
    [
      'a misspelt top-level key',
      { limts: {} },
      'limts',
      /unknown key; allowed here: name, version, .*limits/,
    ],
    [
      'a misspelt nested key',
      { limits: { bodySize: 1 } },
      'limits.bodySize',
      /allowed here: bodyBytes, resultBytes, toolTimeoutMs/,
    ],
    [
      'an unknown auth mode',
      { auth: 'oauth' },
      'auth',
      /must be one of "anon", "portico-hub", "custom"/,
    ],
    [
      'an auth mode that is not a string',
      { auth: 1 },
      'auth',
      /must be one of "anon", "portico-hub", "custom"$/,
    ],
    ['a negative limit', { limits: { bodyBytes: -1 } }, 'limits.bodyBytes', /must be >= 1/],
    [
      'a fractional timeout',
      { limits: { toolTimeoutMs: 1.5 } },
      'limits.toolTimeoutMs',
      /must be integer/,
    ],
    [
      'an unknown session mode',
      { mcp: { sessions: 'sticky' } },
      'mcp.sessions',
      /must be one of "stateless", "stateful"/,
    ],
    ['no MCP sessions at all', { limits: { mcpSessions: 0 } }, 'limits.mcpSessions', />= 1/],
    [
      'an idle expiry under 100 ms',
      { limits: { mcpSessionIdleMs: 10 } },
      'limits.mcpSessionIdleMs',
      /must be >= 100/,
    ],
    [
      'a wait for the headers longer than for the whole request',
      { limits: { headersTimeoutMs: 40_000 } },
      'limits.headersTimeoutMs',
      /40000 ms is longer than limits.requestTimeoutMs \(30000 ms\)/,
    ],
    ['a colour that is not hex', { style: { color: 'teal' } }, 'style.color', /invalid format/],
    [
      'a named server without classes',
      { mcp: { servers: { admin: {} } } },
      'mcp.servers.admin.classes',
      /is required/,
    ],
    [
      'a named server with a bad name',
      { mcp: { servers: { 'Bad Name': { classes: ['A'] } } } },
      'mcp.servers',
      /invalid name "Bad Name"/,
    ],
    [
      'an external server without a URL scheme',
      { mcp: { external: { x: { url: 'example.com/mcp' } } } },
      'mcp.external.x.url',
      /invalid format/,
    ],
    [
      'portico-hub without deploy',
      { auth: 'portico-hub' },
      'deploy',
      /needs deploy: \{ org, app \}/,
    ],
    [
      'a deploy without app',
      { auth: 'portico-hub', deploy: { org: 'acme' } },
      'deploy.app',
      /is required/,
    ],
    ['keywords that are not strings', { keywords: [1] }, 'keywords.0', /must be string/],
    [
      'a prompt with a bad name',
      { prompts: [{ name: 'draft note', template: 't' }] },
      'prompts.0.name',
      /invalid format \(must match \^\[a-zA-Z0-9_-\]\{1,64\}\$\)/,
    ],
    [
      'a prompt with a misspelt key',
      { prompts: [{ name: 'a', template: 't', args: [] }] },
      'prompts.0.args',
      /unknown key; allowed here: name, title, description, arguments, template$/,
    ],
    [
      'a prompt without a template',
      { prompts: [{ name: 'a' }] },
      'prompts.0.template',
      /is required/,
    ],
    [
      'a prompt with an empty template',
      { prompts: [{ name: 'a', template: '' }] },
      'prompts.0.template',
      /must NOT have fewer than 1 characters/,
    ],
    [
      'a prompt argument with a bad name',
      { prompts: [{ name: 'a', template: 't', arguments: [{ name: 'a-b' }] }] },
      'prompts.0.arguments.0.name',
      /invalid format \(must match \^\[a-zA-Z_\]\[a-zA-Z0-9_\]\*\$\)/,
    ],
    [
      'a prompt argument with a misspelt key',
      { prompts: [{ name: 'a', template: 't', arguments: [{ name: 'a', requird: true }] }] },
      'prompts.0.arguments.0.requird',
      /unknown key; allowed here: name, description, required, values$/,
    ],
    [
      'a prompt argument whose required is not a boolean',
      { prompts: [{ name: 'a', template: 't', arguments: [{ name: 'a', required: 'yes' }] }] },
      'prompts.0.arguments.0.required',
      /must be boolean/,
    ],
    [
      'prompt argument values that repeat',
      { prompts: [{ name: 'a', template: 't', arguments: [{ name: 'a', values: ['x', 'x'] }] }] },
      'prompts.0.arguments.0.values',
      /must NOT have duplicate items/,
    ],
    [
      'a resource scheme with capitals',
      { resources: { scheme: 'Notes' } },
      'resources.scheme',
      /invalid format \(must match \^\[a-z\]/,
    ],
    [
      'a resource scheme that is taken',
      { resources: { scheme: 'skill' } },
      'resources.scheme',
      /"skill" is taken; choose another scheme than ui, skill, http, https, file, data, ftp, ws, wss$/,
    ],
  ])('names the file, key and what is allowed for %s', (_name, config, key, message) => {
    let error: unknown
    try {
      validateConfig(config, 'portico.config.ts')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(PluginDefinitionError)
    const definitionError = error as PluginDefinitionError
    expect(definitionError.location).toEqual({ file: 'portico.config.ts', key })
    expect(definitionError.message).toMatch(
      new RegExp(`^portico\\.config\\.ts \\(key "${key.replaceAll('.', '\\.')}"\\): `),
    )
    expect(definitionError.message).toMatch(message)
  })

  it('rejects a default export that is not an object', () => {
    expect(() => validateConfig(() => ({}), 'portico.config.ts')).toThrow(
      'portico.config.ts: the default export must be an object: export default defineConfig({ ... })',
    )
  })
})
