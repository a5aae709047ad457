import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import type { PluginManifest } from './plugin-manifest.js'
import { buildPluginManifest } from './plugin-manifest.js'

const origin = 'https://notes.example.com'
const links = {
  openApi: 'https://notes.example.com/open-api.json',
  overview: 'https://notes.example.com/com.portico.plugin/contents.json',
  package: 'https://notes.example.com/plugin.zip',
}

describe('buildPluginManifest', () => {
  test('lists the identity with the author as an object and the Portico links', () => {
    const expected: PluginManifest = {
      name: 'notes',
      version: '1.2.3',
      description: 'Keeps notes.',
      author: { name: 'Portico team' },
      homepage: 'https://docs.example.com/notes',
      license: 'MIT',
      keywords: ['notes', 'example'],
      extensions: { 'com.portico.plugin': links },
    }
    expect(buildPluginManifest(createExampleModel(), origin)).toEqual(expected)
  })

  test('leaves out author, homepage and license when they are not set', () => {
    expect(buildPluginManifest(createBareModel(), origin)).toEqual({
      name: 'notes',
      version: '1.2.3',
      description: '',
      keywords: [],
      extensions: { 'com.portico.plugin': links },
    })
  })

  test('makes a scoped package name kebab-case', () => {
    const model = createBareModel()
    model.identity.name = '@acme/Notes_Tools'
    expect(buildPluginManifest(model, origin).name).toBe('acme-notes-tools')
  })
})
