import { describe, expect, it } from 'vitest'
import { defaultResourceScheme, resourceSchemePattern } from './resource-scheme.js'

describe('defaultResourceScheme', () => {
  it.each([
    ['notes', 'notes'],
    ['@acme/Notes_Plugin', 'notes-plugin'],
    ['resources-plugin', 'resources-plugin'],
    ['my.plugin+v2', 'my.plugin+v2'],
    ['42-things', 'plugin-42-things'],
    ['@scope/ui', 'ui-plugin'],
    ['skill', 'skill-plugin'],
    ['', 'plugin'],
    ['a'.repeat(40), 'a'.repeat(32)],
  ])('makes %j the scheme %j', (name, scheme) => {
    expect(defaultResourceScheme(name)).toBe(scheme)
    expect(resourceSchemePattern.test(defaultResourceScheme(name))).toBe(true)
  })
})
