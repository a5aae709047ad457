import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { loadResources } from './load-resources.js'

const temp = useTempPlugins('resources')
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

async function loadError(...args: Parameters<typeof loadResources>): Promise<string> {
  try {
    await loadResources(...args)
  } catch (error) {
    expect(error).toBeInstanceOf(PluginDefinitionError)
    return (error as Error).message
  }
  throw new Error('the resources loaded without an error')
}

describe('loadResources', () => {
  it('reads every file below resources/, sorted, typed, as text or as a blob', async () => {
    const rootDir = await temp.plugin({
      'resources/static-text.txt': 'Hello',
      'resources/guides/setup.md': '# Setup\n',
      'resources/pixel.png': png,
      'resources/bad.txt': new Uint8Array([0xff, 0xfe]),
      'resources/.hidden': 'secret',
      'resources/.git/config': 'x',
    })
    const resources = await loadResources(rootDir, 'test')
    expect(
      resources.map(({ uri, file, mimeType, text, size }) => [
        uri,
        file.path,
        mimeType,
        text,
        size,
      ]),
    ).toEqual([
      ['test://bad', 'bad.txt', 'text/plain', false, 2],
      ['test://guides/setup', 'guides/setup.md', 'text/markdown', true, 8],
      ['test://pixel', 'pixel.png', 'image/png', false, 8],
      ['test://static-text', 'static-text.txt', 'text/plain', true, 5],
    ])
    expect(resources[3]?.file.base64).toBe(Buffer.from('Hello').toString('base64'))
  })

  it('has no resources without the folder', async () => {
    expect(await loadResources(await temp.plugin({ 'README.md': '' }), 'test')).toEqual([])
  })

  it('names both files that would share a URI', async () => {
    const rootDir = await temp.plugin({ 'resources/a.md': 'a', 'resources/a.txt': 'b' })
    expect(await loadError(rootDir, 'test')).toBe(
      'resources/a.txt: its URI test://a is also the URI of resources/a.md; rename one (a URI drops the last extension)',
    )
  })

  it('refuses a file over the size limit, naming it', async () => {
    const rootDir = await temp.plugin({ 'resources/big.bin': new Uint8Array(11) })
    const limits = { maxFileBytes: 10, maxFiles: 10, maxBytes: 100 }
    expect(await loadError(rootDir, 'test', limits)).toBe(
      'resources/big.bin: the file is 11 bytes; a resource may be at most 10 bytes',
    )
  })

  it('refuses more files, or more bytes, than the folder may hold', async () => {
    const rootDir = await temp.plugin({ 'resources/a.txt': '12345', 'resources/b.txt': '12345' })
    expect(await loadError(rootDir, 'test', { maxFileBytes: 10, maxFiles: 1, maxBytes: 100 })).toBe(
      'resources: the folder has 2 files; at most 1 are allowed',
    )
    expect(await loadError(rootDir, 'test', { maxFileBytes: 10, maxFiles: 9, maxBytes: 9 })).toBe(
      'resources: the files total 10 bytes; at most 9 are allowed',
    )
  })

  it('follows a symlink inside resources/ and refuses one leaving it, even into the plugin', async () => {
    const inside = await temp.plugin(
      { 'resources/real/a.txt': 'a', 'tools/secret.ts': 'x' },
      { 'resources/alias': 'real' },
    )
    expect((await loadResources(inside, 'test')).map((resource) => resource.uri)).toEqual([
      'test://alias/a',
      'test://real/a',
    ])
    const rootDir = await temp.plugin({ 'resources/a.txt': 'a', 'tools/secret.ts': 'x' })
    await symlink(join(rootDir, 'tools/secret.ts'), join(rootDir, 'resources/secret.ts'))
    expect(await loadError(rootDir, 'test')).toMatch(
      /^resources\/secret\.ts: the symlink leads outside the resources folder \(to .*tools\/secret\.ts\); only links inside it are followed$/,
    )
  })

  it.each([
    ['resources/a\\b.md', 'resources/a\\b.md', 'its name holds "\\"'],
    ['resources/c:d.md', 'resources/c:d.md', 'its name holds ":"'],
    ['resources/C:/x.md', 'resources/C:', 'its name holds ":"'],
  ])('refuses %s, naming it and saying why', async (path, file, why) => {
    const rootDir = await temp.plugin({ 'resources/ok.md': 'ok', [path]: 'x' })
    const message = await loadError(rootDir, 'test')
    expect(message.startsWith(`${file}: ${why}, which `)).toBe(true)
    expect(message.endsWith('; rename it')).toBe(true)
  })
})
