import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
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
        assets: [],
      },
      {
        toolId: 'Tags_list',
        uri: 'ui://widgets/Tags_list.html',
        html: '<p>tags</p>',
        file: 'widgets/Tags_list.html',
        assets: [],
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

describe('the assets of a widget page', () => {
  const temp = useTempPlugins('widget-assets')
  const page = (body: string) => `<!doctype html>\n<html>\n${body}\n</html>\n`

  /** A plugin with `widgets/Notes_list.html` holding `body`, and a `public/` folder. */
  async function widgetPlugin(body: string) {
    const outside = await temp.outside('.txt')
    await writeFile(outside, 'secret')
    return temp.plugin(
      {
        'widgets/Notes_list.html': page(body),
        'secret.txt': 'secret',
        'public/app.js': 'run()',
        'public/app.css': 'p {}',
        'public/img/logo big.png': 'png',
        'public/.env': 'secret',
      },
      { 'public/escape.txt': outside, 'public/alias.js': 'app.js', 'public/up': '..' },
    )
  }

  it('records the files of public/ a page loads, each once and sorted; data: URLs pass', async () => {
    const dir = await widgetPlugin(
      [
        '<script src="/widget-assets/app.js"></script>',
        '<link rel="stylesheet" href="/widget-assets/app.css?v=2#x">',
        '<img src="data:image/png;base64,AAAA" srcset="/widget-assets/img/logo%20big.png 2x">',
        '<script src="/widget-assets/app.js"></script><script src="/widget-assets/alias.js"></script>',
        '<a href="https://example.com/">a link is no asset</a>',
      ].join('\n'),
    )
    const [widget] = await loadWidgets(dir, toolIds)
    expect(widget?.assets).toEqual(['alias.js', 'app.css', 'app.js', 'img/logo big.png'])
  })

  it('passes the widget runtime, written exactly, without listing it among the files', async () => {
    const dir = await widgetPlugin(
      '<script type="module" src="/widget-assets/_portico/widget.js"></script>',
    )
    const [widget] = await loadWidgets(dir, toolIds)
    expect(widget?.assets).toEqual([])
    for (const url of [
      '/widget-assets/_portico/widget.js?v=1',
      '/widget-assets/_portico/other.js',
    ]) {
      const other = await widgetPlugin(`<script src="${url}"></script>`)
      await expect(loadWidgets(other, toolIds), url).rejects.toThrow(
        'which is not a file of the plugin',
      )
    }
  })

  const rule = "widgets load their assets from /widget-assets/<path> (the plugin's public/ folder)"
  it.each([
    ['../secret.txt', 'is neither a data: URL nor a /widget-assets/ path'],
    ['app.js', 'is neither a data: URL nor a /widget-assets/ path'],
    ['/etc/passwd', 'is neither a data: URL nor a /widget-assets/ path'],
    ['/app.js', 'is neither a data: URL nor a /widget-assets/ path'],
    ['javascript:alert(1)', 'is neither a data: URL nor a /widget-assets/ path'],
    [
      'https://cdn.example/x.js',
      'loads from another server; copy the file into public/ and load it from /widget-assets/',
    ],
    [
      '//cdn.example/x.js',
      'loads from another server; copy the file into public/ and load it from /widget-assets/',
    ],
    ['/widget-assets/missing.js', 'names public/missing.js, which is not a file of the plugin'],
    ['/widget-assets/escape.txt', 'names public/escape.txt, which is not a file of the plugin'],
    [
      '/widget-assets/up/secret.txt',
      'names public/up/secret.txt, which is not a file of the plugin',
    ],
    ['/widget-assets/img', 'names public/img, which is not a file of the plugin'],
    ['/widget-assets/img/', 'names a folder; name a file'],
    ['/widget-assets/../secret.txt', 'is not a path the server serves'],
    ['/widget-assets/%2e%2e/secret.txt', 'is not a path the server serves'],
    ['/widget-assets/img%2flogo.png', 'is not a path the server serves'],
    ['/widget-assets/.env', 'is not a path the server serves'],
    ['/widget-assets/%E0%A4%A', 'is not a path the server serves'],
    ['/widget-assets/&#46;&#46;/secret.txt', 'is not a path the server serves'],
    ['/widget-assets/a\\..\\secret.txt', 'is not a path the server serves'],
  ])('refuses <script src="%s"> at its file, line and column', async (url, reason) => {
    const dir = await widgetPlugin(`<p>before</p>\n  <script src="${url}"></script>`)
    const error = await loadWidgets(dir, toolIds).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as PluginDefinitionError).location).toEqual({
      file: 'widgets/Notes_list.html',
      line: 4,
      column: 16,
    })
    expect((error as Error).message).toContain(
      `widgets/Notes_list.html:4:16: ${rule}: <script src="${url}"> ${reason}`,
    )
  })

  it('refuses a srcset candidate that leaves the plugin, naming its own column', async () => {
    const dir = await widgetPlugin(
      '<img srcset="/widget-assets/app.css 1x, https://cdn.example/x.png 2x">',
    )
    await expect(loadWidgets(dir, toolIds)).rejects.toThrow(
      `widgets/Notes_list.html:3:41: ${rule}: <img srcset="https://cdn.example/x.png"> loads from another server`,
    )
  })

  it('refuses a /widget-assets/ path when the plugin has no public/ folder', async () => {
    const dir = await temp.plugin({
      'widgets/Notes_list.html': page('<script src="/widget-assets/app.js"></script>'),
    })
    await expect(loadWidgets(dir, toolIds)).rejects.toThrow(
      'names public/app.js, which is not a file of the plugin',
    )
  })
})
