import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { loadWidgets } from './load-widgets.js'

let root: string
let count = 0

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'portico-widgets-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** A fresh plugin folder with `widgets/<name>` for each entry; undefined means no folder. */
async function plugin(widgets?: Record<string, string>): Promise<string> {
  const dir = join(root, `plugin-${++count}`)
  await mkdir(dir)
  if (widgets === undefined) return dir
  await mkdir(join(dir, 'widgets', 'nested'), { recursive: true })
  for (const [name, html] of Object.entries(widgets)) {
    await writeFile(join(dir, 'widgets', name), html)
  }
  return dir
}

const toolIds = new Set([
  'Notes_create',
  'Notes_get',
  'Notes_list',
  'Tags_list',
  'Tags_rename',
  'Sharing_publish',
])

describe('loadWidgets', () => {
  it('loads one widget per html file, sorted by tool id', async () => {
    const dir = await plugin({
      'Tags_list.html': '<p>tags</p>',
      'Notes_list.html': '<p>Notizen – ü</p>\n',
      'README.md': 'not a widget',
    })
    await writeFile(join(dir, 'widgets', 'nested', 'Notes_get.html'), 'ignored')
    expect(await loadWidgets(dir, toolIds)).toEqual([
      {
        toolId: 'Notes_list',
        uri: 'ui://widgets/Notes_list.html',
        html: '<p>Notizen – ü</p>\n',
        file: 'widgets/Notes_list.html',
      },
      {
        toolId: 'Tags_list',
        uri: 'ui://widgets/Tags_list.html',
        html: '<p>tags</p>',
        file: 'widgets/Tags_list.html',
      },
    ])
  })

  it('returns [] without a widgets folder', async () => {
    expect(await loadWidgets(await plugin(), toolIds)).toEqual([])
  })

  it.each([
    [
      'a file named after no tool, listing some tool ids',
      'Notes_show.html',
      toolIds,
      'widgets/Notes_show.html: no tool with id "Notes_show"; name the file after a tool id, e.g. Notes_create, Notes_get, Notes_list, Sharing_publish, Tags_list, and 1 more',
    ],
    [
      'a file whose name differs from a tool id only by case',
      'notes_list.html',
      toolIds,
      'widgets/notes_list.html: no tool with id "notes_list"; did you mean Notes_list.html? (ids are case-sensitive)',
    ],
    [
      'any widget when the plugin has no tools',
      'Notes_list.html',
      new Set<string>(),
      'widgets/Notes_list.html: no tool with id "Notes_list"; the plugin has no tools',
    ],
  ])('rejects %s', async (_name, fileName, ids, message) => {
    const error = await loadWidgets(await plugin({ [fileName]: '<p></p>' }), ids).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as PluginDefinitionError).location).toEqual({ file: `widgets/${fileName}` })
    expect((error as Error).message).toBe(message)
  })
})
