import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '../../src/core/logger.js'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildClaudePluginManifest } from '../../src/surfaces/documents/claude-plugin-manifest.js'
import { buildPluginManifest } from '../../src/surfaces/documents/plugin-manifest.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const { plugin } = useTempPlugins('identity')
const tool = 'export class Echo { say(input: { text: string }): string { return input.text } }\n'
const origin = 'https://example.test'

afterEach(() => vi.restoreAllMocks())

describe('the author of package.json', () => {
  it.each([
    [
      'Ada <ada@example.com> (https://ada.dev)',
      { name: 'Ada', email: 'ada@example.com', url: 'https://ada.dev' },
    ],
    ['Ada Lovelace (https://ada.dev)', { name: 'Ada Lovelace', url: 'https://ada.dev' }],
    ['Ada <ada@example.com>', { name: 'Ada', email: 'ada@example.com' }],
    ['Ada', { name: 'Ada' }],
    [
      { name: 'Ada', email: 'ada@example.com', url: 'https://ada.dev' },
      { name: 'Ada', email: 'ada@example.com', url: 'https://ada.dev' },
    ],
  ])('%o becomes the manifests author %o', async (author, expected) => {
    const dir = await plugin({
      'package.json': JSON.stringify({ name: 'echo', version: '1.0.0', author }),
      'tools/echo.ts': tool,
    })
    const model = await derivePluginModel(dir)
    expect(buildPluginManifest(model, origin).author).toEqual(expected)
    expect(buildClaudePluginManifest(model).author).toEqual(expected)
  })

  it('leaves the author out when it has no name', async () => {
    const dir = await plugin({
      'package.json': JSON.stringify({ name: 'echo', author: '<ada@example.com>' }),
      'tools/echo.ts': tool,
    })
    expect(buildPluginManifest(await derivePluginModel(dir), origin)).not.toHaveProperty('author')
  })
})

describe('a plugin without package.json', () => {
  it('warns once, naming the defaults it used and where to set them', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    const dir = await plugin({ 'tools/echo.ts': tool })
    const model = await derivePluginModel(dir)
    expect(model.identity).toMatchObject({ version: '0.0.0', description: '' })
    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0]?.[0])
    expect(message).toContain(`name "${model.identity.name}"`)
    expect(message).toContain('version 0.0.0')
    expect(message).toContain('no description')
    expect(message).toContain('package.json')
    expect(message).toContain('portico.config.ts')
  })

  it('names only the fields the config does not set', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    const dir = await plugin({
      'portico.config.ts': "export default { name: 'echo', description: 'Says it back.' }\n",
      'tools/echo.ts': tool,
    })
    await derivePluginModel(dir)
    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0]?.[0])
    expect(message).toContain('version 0.0.0')
    expect(message).toContain('"version"')
    expect(message).not.toContain('name "')
    expect(message).not.toContain('"name"')
    expect(message).not.toContain('description')
  })

  it('does not warn when the config sets name, version and description', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    const dir = await plugin({
      'portico.config.ts':
        "export default { name: 'echo', version: '1.2.3', description: 'Says it back.' }\n",
      'tools/echo.ts': tool,
    })
    await derivePluginModel(dir)
    expect(warn).not.toHaveBeenCalled()
  })
})
