import { realpath } from 'node:fs/promises'
import { sep } from 'node:path'
import {
  type DefinitionLocation,
  PluginDefinitionError,
} from '../../core/plugin-definition-error.js'

/** Whether `path` is `folder` or lies below it; both absolute and normalised. */
export function isInsideFolder(folder: string, path: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep)
}

/**
 * The real path of `path` (symlinks followed), which must stay inside `rootRealPath`, the real
 * path of the plugin folder (or of a stricter one, named by `boundary`): a plugin is served from
 * its own files, so a symlink out of it would publish whatever it points at. Throws
 * {@link PluginDefinitionError} at `location`.
 */
export async function resolveInsidePlugin(
  rootRealPath: string,
  path: string,
  location: DefinitionLocation,
  boundary = 'the plugin folder',
): Promise<string> {
  const real = await realpath(path).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new PluginDefinitionError(location, 'the symlink leads to nothing (a broken link)')
  })
  if (!isInsideFolder(rootRealPath, real)) {
    throw new PluginDefinitionError(
      location,
      `the symlink leads outside ${boundary} (to ${real}); only links inside it are followed`,
    )
  }
  return real
}
