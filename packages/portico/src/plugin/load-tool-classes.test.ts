import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBareModel } from '../../test/support/example-model-fixture.js'
import type { PluginModel } from '../model/plugin-model.js'
import { loadToolClasses } from './load-tool-classes.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portico-load-classes-'))
  await mkdir(join(dir, 'tools'))
  await writeFile(join(dir, 'tools', 'good.mjs'), 'export class Good {}\nexport class Also {}\n')
  await writeFile(join(dir, 'tools', 'broken.mjs'), "throw new Error('broken on import')\n")
  await writeFile(join(dir, 'tools', 'worse.mjs'), "throw new Error('worse on import')\n")
})

afterAll(() => rm(dir, { recursive: true, force: true }))

function modelOf(classes: [name: string, file: string][]): PluginModel {
  return {
    ...createBareModel(),
    toolClasses: classes.map(([name, file]) => ({ name, file, toolIds: [] })),
  }
}

describe('loadToolClasses', () => {
  it('picks each class from its module, a module shared by two classes imported once', async () => {
    const classes = await loadToolClasses(
      modelOf([
        ['Good', 'tools/good.ts'],
        ['Also', 'tools/good.ts'],
      ]),
      dir,
    )
    expect([...classes.keys()]).toEqual(['Good', 'Also'])
    expect(classes.get('Good')?.name).toBe('Good')
  })

  it('reports every failing module at once, in file order, and no unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expect(
        loadToolClasses(
          modelOf([
            ['Good', 'tools/good.ts'],
            ['Broken', 'tools/broken.ts'],
            ['Worse', 'tools/worse.ts'],
          ]),
          dir,
        ),
      ).rejects.toThrow(
        /^tools\/broken\.ts: cannot load the module: broken on import \(first of 2 mistakes; the others follow\)\ntools\/worse\.ts: cannot load the module: worse on import$/,
      )
      // Both failures were imported: neither may surface as an unhandled rejection.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('names a class its module does not export', async () => {
    await expect(loadToolClasses(modelOf([['Missing', 'tools/good.ts']]), dir)).rejects.toThrow(
      /does not export the class Missing/,
    )
  })
})
