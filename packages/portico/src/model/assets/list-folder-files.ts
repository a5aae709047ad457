import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { explainUnportableName } from '../../core/explain-unportable-name.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { resolveInsidePlugin } from './resolve-inside-plugin.js'

/** A file of a plugin folder, found on disk but not yet read. */
export interface FolderFileEntry {
  /** Relative to the folder listed, forward slashes. */
  path: string
  /** Absolute path with every symlink resolved. */
  realPath: string
  size: number
  /** Whether any execute bit (user, group, other) is set on the file. */
  executable: boolean
}

/** Options of {@link listFolderFiles}. */
export interface ListFolderOptions {
  /** The folder relative to the plugin (`skills/x`, `resources`), for messages. */
  file: string
  /** The real path every symlink must stay inside, and how messages name it. */
  boundary: { realPath: string; name: string }
  /** Leaves out an entry and everything below it; dot-files and dot-folders always are. */
  exclude?: (name: string, path: string) => boolean
}

/**
 * Every file below a folder, recursively, sorted by path; dot-files, dot-folders and what
 * `exclude` names are left out. Symlinks are followed when their real path stays inside the
 * boundary; one that leaves it, is broken, or loops, is a {@link PluginDefinitionError}, as is
 * a file or folder whose name holds `\` or `:` (see {@link explainUnportableName}): the files
 * listed go into zips and catalogs.
 *
 * @param folderRealPath - the folder, symlinks resolved
 */
export async function listFolderFiles(
  folderRealPath: string,
  options: ListFolderOptions,
): Promise<FolderFileEntry[]> {
  const files: FolderFileEntry[] = []
  await walk(options, files, folderRealPath, '', new Set([folderRealPath]))
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

async function walk(
  options: ListFolderOptions,
  files: FolderFileEntry[],
  folderRealPath: string,
  folderPath: string,
  ancestors: ReadonlySet<string>,
): Promise<void> {
  for (const entry of await readdir(folderRealPath, { withFileTypes: true })) {
    const path = folderPath === '' ? entry.name : `${folderPath}/${entry.name}`
    if (entry.name.startsWith('.') || options.exclude?.(entry.name, path)) continue
    const pluginPath = `${options.file}/${path}`
    const unportable = explainUnportableName(entry.name)
    if (unportable !== undefined) throw new PluginDefinitionError({ file: pluginPath }, unportable)
    const realPath = entry.isSymbolicLink()
      ? await resolveInsidePlugin(
          options.boundary.realPath,
          join(folderRealPath, entry.name),
          { file: pluginPath },
          options.boundary.name,
        )
      : join(folderRealPath, entry.name)
    const info = await stat(realPath)
    if (info.isDirectory()) {
      if (ancestors.has(realPath)) {
        throw new PluginDefinitionError(
          { file: pluginPath },
          'the symlink loops back to a folder that contains it',
        )
      }
      await walk(options, files, realPath, path, new Set([...ancestors, realPath]))
    } else if (info.isFile()) {
      files.push({ path, realPath, size: info.size, executable: (info.mode & 0o111) !== 0 })
    }
  }
}
