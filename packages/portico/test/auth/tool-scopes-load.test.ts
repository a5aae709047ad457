import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PluginDefinitionError } from '../../src/core/plugin-definition-error.js'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { useDeriveInTemp } from '../support/derive-tools-in-temp.js'
import { useTempPlugins } from '../support/temp-plugins.js'

/** `@scope` mistakes stop the plugin at start, naming file and line. */

const temp = useDeriveInTemp('tool-scopes')
const plugins = useTempPlugins('tool-scopes-anon')
const porticoDir = path.resolve(import.meta.dirname, '../..')

const WRITE_TOOL = `export class Notes {
  /** Reads. */
  async list(): Promise<string[]> { return [] }

  /**
   * Adds.
   * @scope notes:write
   */
  async add(input: { text: string }): Promise<string> { return input.text }
}
`

describe('@scope at load', () => {
  it("reads a method's scopes after its class's, on tools, prompts and resource templates", async () => {
    const { tools, prompts, resourceTemplates } = await temp.derive(`/** @scope a b */
export class Notes {
  /** @scope c a */
  async add(): Promise<string> { return '' }
  async list(): Promise<string> { return '' }
  /** @prompt @scope p */
  async ask(): Promise<string> { return '' }
  /** @resource notes://n/{id} @scope r */
  async one(input: { id: string }): Promise<string> { return input.id }
}
`)
    expect(tools.map((tool) => [tool.id, tool.scopes])).toEqual([
      ['Notes_add', ['a', 'b', 'c']],
      ['Notes_list', ['a', 'b']],
    ])
    expect(prompts[0]?.scopes).toEqual(['a', 'b', 'p'])
    expect(resourceTemplates[0]?.scopes).toEqual(['a', 'b', 'r'])
  })

  it('refuses a scope name outside RFC 6749 scope-token with file and line', async () => {
    const message = await temp.deriveError(`export class Notes {
  /** @scope notes:write "quoted" */
  async add(): Promise<string> { return '' }
}
`)
    expect(message).toBe(
      'tools/t.ts:3:9: Notes_add: @scope ""quoted"" is not a scope name: RFC 6749 allows printable ASCII without space, " and \\',
    )
  })

  it('refuses an empty @scope on a class with file and line', async () => {
    const message = await temp.deriveError(`/** @scope */
export class Notes {
  async add(): Promise<string> { return '' }
}
`)
    expect(message).toBe(
      'tools/t.ts:2:14: Notes: @scope needs one or more scope names, as in @scope notes:write',
    )
  })

  it('refuses @scope in mode anon at start, with file and line and why', async () => {
    const rootDir = await plugins.plugin(
      {
        'package.json': '{ "name": "anon-scoped", "version": "1.0.0", "type": "module" }\n',
        'portico.config.ts': "export default { title: 'Anon', auth: 'anon' }\n",
        'tools/notes.ts': WRITE_TOOL,
      },
      { 'node_modules/portico': porticoDir },
    )
    const error = await derivePluginModel(rootDir).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(
      "tools/notes.ts:9: Notes_add: @scope notes:write cannot be checked in mode anon, which verifies no token; set auth to 'portico-hub' or 'custom' in portico.config.ts, or remove the tag",
    )
  })
})
