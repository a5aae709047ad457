import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { logger } from '../core/logger.js'
import { derivePluginModel } from './derive-plugin-model.js'
import { findIgnoredToolFiles, warnIgnoredToolFiles } from './warn-ignored-tool-files.js'

const roots: string[] = []
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))))

async function pluginWith(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'portico-ignored-tools-'))
  roots.push(root)
  const all = { 'package.json': '{ "name": "ignored", "version": "1.0.0" }', ...files }
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
  return root
}

const toolClass = (name: string) =>
  `export class ${name} {\n  /** Ping. */\n  ping(): string { return 'pong' }\n}\n`

describe('tool files that are not read', () => {
  it('names a class file in a sub-folder of tools/ and a JavaScript one, saying why', async () => {
    const root = await pluginWith({
      'tools/board.ts': toolClass('Board'),
      'tools/admin/users.ts': toolClass('Users'),
      'tools/legacy.js': toolClass('Legacy'),
      'tools/deep/er/cards.mts': toolClass('Cards'),
    })
    expect(findIgnoredToolFiles(root)).toEqual([
      { file: 'tools/admin/users.ts', reason: 'sub-folder' },
      { file: 'tools/deep/er/cards.mts', reason: 'sub-folder' },
      { file: 'tools/legacy.js', reason: 'javascript' },
    ])
  })

  it('leaves out helpers that export no class, tests and declarations', async () => {
    const root = await pluginWith({
      'tools/board.ts': toolClass('Board'),
      'tools/lib/format.ts': 'export function format(text: string): string { return text }\n',
      'tools/lib/format.test.ts': toolClass('Spec'),
      'tools/types/board.d.ts': 'export declare class Shape {}\n',
      'tools/board.test.js': toolClass('Spec'),
      'tools/data/seed.json': '{}\n',
    })
    expect(findIgnoredToolFiles(root)).toEqual([])
  })

  it('warns once per load in one line, with each file and why', async () => {
    const root = await pluginWith({
      'tools/board.ts': toolClass('Board'),
      'tools/admin/users.ts': toolClass('Users'),
      'tools/legacy.js': toolClass('Legacy'),
    })
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    try {
      const model = await derivePluginModel(root)
      expect(model.tools.map((tool) => tool.id)).toEqual(['Board_ping'])
      expect(warn.mock.calls).toEqual([
        [
          'tools/admin/users.ts, tools/legacy.js: not read, so their classes are no tools. ' +
            'Only the .ts and .mts files directly in tools/ are tool files: move ' +
            'tools/admin/users.ts up into tools/; write tools/legacy.js in TypeScript ' +
            '(tool schemas come from its types)',
        ],
      ])
      warnIgnoredToolFiles(root)
      expect(warn).toHaveBeenCalledTimes(1)
    } finally {
      warn.mockRestore()
    }
  })
})
