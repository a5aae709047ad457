import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../../src/plugin/build-plugin.js'
import { loadBuiltPlugin } from '../../src/plugin/load-built-plugin.js'
import { copyPlugin } from '../support/cli-process.js'
import { fixtureDir } from '../support/serve-plugin.js'

let plugin: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  plugin = await copyPlugin(fixtureDir('resources-plugin'))
  await buildPlugin(plugin.dir)
})
afterAll(() => plugin.remove())

describe('a built plugin with resources', () => {
  it('carries its files and templates, and serves them without the sources', async () => {
    const { runtime } = await loadBuiltPlugin(plugin.dir)
    expect(runtime.model.resources.map((resource) => resource.uri)).toEqual([
      'test://data',
      'test://guides/setup',
      'test://pixel',
      'test://static-text',
    ])
    expect(await runtime.readResource('test://guides/setup')).toEqual({
      uri: 'test://guides/setup',
      mimeType: 'text/markdown',
      text: '# Setup\n\nInstall, then run.\n',
    })
    expect(await runtime.readResource('test://kinds/film/page-1')).toEqual({
      uri: 'test://kinds/film/page-1',
      mimeType: 'text/csv',
      text: 'kind,page\nfilm,1\n',
    })
  })
})
