import { writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { useTempPlugins } from '../../../test/support/temp-plugins.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { loadIcons } from './load-icons.js'

const { plugin, outside } = useTempPlugins('icons')

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255])
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'
const base64 = (content: string | Buffer) => Buffer.from(content).toString('base64')

describe('loadIcons', () => {
  it('lists the config icons in order, then the images of public/icons sorted by name', async () => {
    const dir = await plugin({
      'public/logo.png': png,
      'public/icons/b.svg': svg,
      'public/icons/a.ico': 'ico',
      'public/icons/notes.txt': 'not an image',
      'public/icons/.hidden.png': png,
    })
    expect(
      await loadIcons(dir, ['https://cdn.example.com/notes.png', './public/logo.png']),
    ).toEqual([
      { kind: 'url', url: 'https://cdn.example.com/notes.png' },
      {
        kind: 'file',
        file: { path: 'public/logo.png', base64: base64(png) },
        contentType: 'image/png',
      },
      {
        kind: 'file',
        file: { path: 'public/icons/a.ico', base64: base64('ico') },
        contentType: 'image/x-icon',
      },
      {
        kind: 'file',
        file: { path: 'public/icons/b.svg', base64: base64(svg) },
        contentType: 'image/svg+xml',
      },
    ])
  })

  it.each([
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.svg', 'image/svg+xml'],
    ['a.ico', 'image/x-icon'],
    ['a.avif', 'image/avif'],
  ])('gives %s the content type %s', async (name, contentType) => {
    const dir = await plugin({ [`img/${name}`]: 'x' })
    const [icon] = await loadIcons(dir, [`img/${name}`])
    expect(icon).toEqual({
      kind: 'file',
      file: { path: `img/${name}`, base64: 'eA==' },
      contentType,
    })
  })

  it('lists an image of public/icons once when the config names it too', async () => {
    const dir = await plugin({ 'public/icons/a.png': png, 'public/icons/b.png': png })
    const icons = await loadIcons(dir, ['public/icons/b.png'])
    expect(icons.map((icon) => (icon.kind === 'file' ? icon.file.path : icon.url))).toEqual([
      'public/icons/b.png',
      'public/icons/a.png',
    ])
  })

  it('returns [] without config icons or a public/icons folder', async () => {
    expect(await loadIcons(await plugin({}), [])).toEqual([])
  })

  it('follows a symlink inside the plugin', async () => {
    const dir = await plugin(
      { 'brand/logo.svg': svg },
      { 'public/icons/logo.svg': '../../brand/logo.svg' },
    )
    expect(await loadIcons(dir, [])).toEqual([
      {
        kind: 'file',
        file: { path: 'public/icons/logo.svg', base64: base64(svg) },
        contentType: 'image/svg+xml',
      },
    ])
  })

  const config = 'portico.config.ts (key "style.icons.0")'
  it.each([
    [
      'an unsupported image type',
      'public/logo.bmp',
      `${config}: icon "public/logo.bmp" has an unsupported type; allowed: .png, .jpg, .jpeg, .gif, .webp, .svg, .ico, .avif`,
    ],
    [
      'a path outside the plugin folder',
      '../logo.png',
      `${config}: icon "../logo.png" is outside the plugin folder`,
    ],
    [
      'an absolute path',
      '/srv/logo.png',
      `${config}: icon "/srv/logo.png" must be a path relative to the plugin folder, or an http(s) URL`,
    ],
    [
      'a URL of another scheme',
      'ftp://example.com/logo.png',
      `${config}: icon "ftp://example.com/logo.png" must be a path relative to the plugin folder, or an http(s) URL`,
    ],
    ['an invalid URL', 'https://', `${config}: icon "https://" is not a valid URL`],
    ['a missing file', 'public/missing.png', `${config}: icon "public/missing.png" does not exist`],
    ['a folder', 'public/folder.png', `${config}: icon "public/folder.png" is not a file`],
  ])('rejects %s in the config', async (_name, icon, message) => {
    const dir = await plugin({ 'public/folder.png/x': 'x' })
    const error = await loadIcons(dir, [icon]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(message)
  })

  it('rejects a symlink in public/icons that leaves the plugin folder', async () => {
    const away = await outside('.png')
    await writeFile(away, png)
    const dir = await plugin({}, { 'public/icons/a.png': away })
    const error = await loadIcons(dir, []).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PluginDefinitionError)
    expect((error as Error).message).toBe(
      `public/icons/a.png: the symlink leads outside the plugin folder (to ${away}); only links inside it are followed`,
    )
  })
})
