import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateConfigFiles, staleFiles } from '../../scripts/generate-config-files.js'
import { configSchema } from './config-schema.js'
import { argumentNamePattern, promptNamePattern } from './prompt-patterns.js'
import { resourceSchemePattern } from './resource-scheme.js'

const committed = generateConfigFiles()

describe('the files generated from config-types.ts', () => {
  it('are up to date: after a change to a declaration, run npm run generate -w portico', () => {
    expect([...committed.keys()]).toEqual([
      'packages/portico/src/config/config-schema.ts',
      'packages/portico/src/config/config-defaults.ts',
      'packages/portico/schemas/config.schema.json',
      'docs/config.md',
    ])
    expect(staleFiles(committed)).toEqual([])
  })

  it('are all stale once a key is added to the declaration, which then reaches each of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portico-config-types-'))
    try {
      const source = await readFile(new URL('./config-types.ts', import.meta.url), 'utf8')
      const added = source.replace(
        'export interface LimitsConfig {',
        'export interface LimitsConfig {\n  /**\n   * Most widgets per page.\n   * @integer\n   * @minimum 1\n   * @default 12\n   */\n  widgetsPerPage?: number',
      )
      const typesFile = join(dir, 'config-types.ts')
      await writeFile(typesFile, added)
      const files = generateConfigFiles({ typesFile })
      expect(staleFiles(files)).toEqual([...committed.keys()])
      for (const content of files.values()) expect(content).toContain('widgetsPerPage')
      expect(files.get('packages/portico/src/config/config-defaults.ts')).toMatch(
        /limits: \{\s+widgetsPerPage: 12,/,
      )
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('give prompt names, argument names and resource schemes the patterns their files are checked with', () => {
    const prompt = configSchema.properties?.prompts?.items
    const scheme = configSchema.properties?.resources?.properties?.scheme
    expect([
      prompt?.properties?.name?.pattern,
      prompt?.properties?.arguments?.items?.properties?.name?.pattern,
      scheme?.pattern,
    ]).toEqual([promptNamePattern.source, argumentNamePattern.source, resourceSchemePattern.source])
  })
})
