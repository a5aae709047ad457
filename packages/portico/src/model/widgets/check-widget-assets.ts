import { realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { decodePublicPath } from '../../core/decode-public-path.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { isPorticoError } from '../../core/portico-error.js'
import { resolveSafePath, unlessMissing } from '../../core/resolve-safe-path.js'
import { type AssetReference, findAssetReferences } from './find-asset-references.js'

/** Where the server re-serves the plugin's `public/` folder for widgets. */
export const WIDGET_ASSETS_PATH = '/widget-assets'

/**
 * The widget runtime Portico serves among the assets (`surfaces/widgets/widget-runtime.ts`):
 * allowed as written, without a query, and not one of the widget's `public/` files.
 */
const WIDGET_RUNTIME_URL = `${WIDGET_ASSETS_PATH}/_portico/widget.js`

/** The plugin's folder of static files, relative to the plugin folder. */
const publicFolderName = 'public'

/**
 * Whether a path holds what it may not even before decoding: browsers drop tabs and line breaks
 * from URLs and read `\` as `/`, and the HTML parser decodes character references (`&#46;`), so
 * the file checked here would not be the file a browser asks for.
 */
function hasUnsafeCharacter(path: string): boolean {
  for (const char of path) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f || char === '\\' || char === '&') return true
  }
  return false
}

/**
 * Checks every URL the widget page loads (see `findAssetReferences`) and returns the files of
 * `public/` it loads, as paths relative to that folder, sorted, each once. A URL must be
 * `data:` or `/widget-assets/<path>` naming a file of `public/` by the public folder's own rules
 * (each segment decoded once; no `..`, no dot-names, no link out of the folder), or exactly
 * the widget runtime's {@link WIDGET_RUNTIME_URL} (not listed among the files): a widget runs
 * in a host's sandbox, which only lets it load from the plugin's origin. Anything else throws
 * {@link PluginDefinitionError} at the line and column of the URL.
 *
 * @example
 * await checkWidgetAssets(rootDir, 'widgets/Notes_list.html', '<script src="/widget-assets/app.js"></script>')
 * // ['app.js']
 */
export async function checkWidgetAssets(
  rootDir: string,
  file: string,
  html: string,
): Promise<string[]> {
  const publicRoot = await unlessMissing(realpath(join(rootDir, publicFolderName)))
  const assets = new Set<string>()
  for (const reference of findAssetReferences(html)) {
    if (/^data:/i.test(reference.url) || reference.url === WIDGET_RUNTIME_URL) continue
    const segments = assetSegments(reference)
    if (typeof segments === 'string') throw refuse(file, html, reference, segments)
    const path = segments.join('/')
    if (!(await isPublicFile(publicRoot, segments))) {
      const reason = `names ${publicFolderName}/${path}, which is not a file of the plugin`
      throw refuse(file, html, reference, reason)
    }
    assets.add(path)
  }
  return [...assets].sort()
}

/** The decoded segments under `public/` of a `/widget-assets/` URL, or why there are none. */
function assetSegments(reference: AssetReference): string[] | string {
  const { url } = reference
  if (/^(?:https?:)?\/\//i.test(url)) {
    return 'loads from another server; copy the file into public/ and load it from /widget-assets/'
  }
  if (!url.startsWith(`${WIDGET_ASSETS_PATH}/`)) {
    return 'is neither a data: URL nor a /widget-assets/ path'
  }
  const path = url.slice(WIDGET_ASSETS_PATH.length).split(/[?#]/)[0] as string
  const unsafe =
    'is not a path the server serves (no "..", dot-names, backslashes, encoded separators or character references)'
  if (hasUnsafeCharacter(path)) return unsafe
  try {
    const decoded = decodePublicPath(path)
    return decoded.trailingSlash ? 'names a folder; name a file' : decoded.segments
  } catch (error) {
    if (!isPorticoError(error)) throw error
    return unsafe
  }
}

/** Whether the segments name a file inside the public folder, links followed. */
async function isPublicFile(publicRoot: string | undefined, segments: string[]): Promise<boolean> {
  if (publicRoot === undefined) return false
  const real = await resolveSafePath(publicRoot, segments)
  if (real === undefined) return false
  return (await stat(real)).isFile()
}

function refuse(
  file: string,
  html: string,
  reference: AssetReference,
  reason: string,
): PluginDefinitionError {
  const before = html.slice(0, reference.start).split('\n')
  const line = before.length
  const column = (before[before.length - 1] as string).length + 1
  return new PluginDefinitionError(
    { file, line, column },
    `widgets load their assets from ${WIDGET_ASSETS_PATH}/<path> (the plugin's public/ folder): <${reference.tag} ${reference.attribute}="${reference.url}"> ${reason}`,
  )
}
