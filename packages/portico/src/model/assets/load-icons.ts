import { existsSync } from 'node:fs'
import { readdir, readFile, realpath, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { configFileName } from '../../config/load-config.js'
import {
  type DefinitionLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'
import type { IconDefinition } from '../plugin-model.js'
import { isInsideFolder, resolveInsidePlugin } from './resolve-inside-plugin.js'

/** The folder whose images are icons of the plugin, after those of the config. */
const iconsFolderPath = 'public/icons'

/** The image types an icon may have, by file extension (lower case). */
const iconContentTypes: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif',
}
const allowedTypes = Object.keys(iconContentTypes).join(', ')

/**
 * The plugin's icons: first the config's `style.icons` in order (an absolute http(s) URL, or an
 * image file inside the plugin folder), then the images of `public/icons/` sorted by name (other
 * files there are ignored, as is an image the config already lists). Throws
 * {@link PluginDefinitionError} naming the config key or file, and the image types allowed.
 *
 * @example
 * await loadIcons(rootDir, ['https://cdn.example.com/notes.png'])
 * // [{ kind: 'url', … }, { kind: 'file', file: { path: 'public/icons/notes.svg', … }, … }]
 */
export async function loadIcons(
  rootDir: string,
  configIcons: readonly string[],
): Promise<IconDefinition[]> {
  const rootRealPath = await realpath(rootDir)
  const icons: IconDefinition[] = []
  for (const [index, icon] of configIcons.entries()) {
    const location = { file: configFileName, key: `style.icons.${index}` }
    icons.push(
      /^https?:\/\//i.test(icon)
        ? readIconUrl(icon, location)
        : await readIconFile(rootRealPath, icon, location),
    )
  }
  const listed = new Set(icons.flatMap((icon) => (icon.kind === 'file' ? [icon.file.path] : [])))
  for (const path of await listFolderIcons(rootRealPath)) {
    if (!listed.has(path)) icons.push(await readIconFile(rootRealPath, path, { file: path }))
  }
  return icons
}

function readIconUrl(icon: string, location: DefinitionLocation): IconDefinition {
  if (!URL.canParse(icon)) {
    throw new PluginDefinitionError(location, `icon "${icon}" is not a valid URL`)
  }
  return { kind: 'url', url: icon }
}

async function readIconFile(
  rootRealPath: string,
  icon: string,
  location: DefinitionLocation,
): Promise<IconDefinition> {
  const fail: (problem: string) => never = (problem) => {
    throw new PluginDefinitionError(location, `icon "${icon}" ${problem}`)
  }
  if (isAbsolute(icon) || icon.includes('://')) {
    fail('must be a path relative to the plugin folder, or an http(s) URL')
  }
  const path = resolve(rootRealPath, icon)
  if (!isInsideFolder(rootRealPath, path)) fail('is outside the plugin folder')
  const contentType = iconContentTypes[extname(path).toLowerCase()]
  if (contentType === undefined) fail(`has an unsupported type; allowed: ${allowedTypes}`)
  if (!existsSync(path)) fail('does not exist')
  const realPath = await resolveInsidePlugin(rootRealPath, path, location)
  if (!(await stat(realPath)).isFile()) fail('is not a file')
  const base64 = (await readFile(realPath)).toString('base64')
  const file = { path: relative(rootRealPath, path).split(sep).join('/'), base64 }
  return { kind: 'file', file, contentType }
}

/** `public/icons/<name>` for each image there, sorted by name. */
async function listFolderIcons(rootRealPath: string): Promise<string[]> {
  const folder = join(rootRealPath, iconsFolderPath)
  if (!existsSync(folder)) return []
  return (await readdir(folder))
    .filter((name) => !name.startsWith('.') && extname(name).toLowerCase() in iconContentTypes)
    .sort()
    .map((name) => `${iconsFolderPath}/${name}`)
}
