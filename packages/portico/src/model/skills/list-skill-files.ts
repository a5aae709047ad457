import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { resolveInsidePlugin } from '../assets/resolve-inside-plugin.js'

/** A file of a skill folder, found on disk but not yet read. */
export interface SkillFileEntry {
  /** Relative to the skill folder, forward slashes. */
  path: string
  /** Absolute path with every symlink resolved. */
  realPath: string
  size: number
}

/** Folders left out wherever they are, as the reference packager (`package_skill.py`) does. */
const excludedNames = new Set(['__pycache__', 'node_modules'])

/**
 * Every file of a skill folder, recursively, sorted by path. Left out, like the reference
 * packager: `__pycache__/`, `node_modules/`, `*.pyc`, an `evals/` folder at the skill root, and
 * any dot-file or dot-folder (`.DS_Store` among them). Symlinks are followed when their real
 * path stays inside the plugin; one that leaves it, or loops, is a {@link PluginDefinitionError}.
 *
 * @param skillRealPath - the skill folder, symlinks resolved
 * @param skillFile - the skill folder relative to the plugin (`skills/x`), for messages
 */
export async function listSkillFiles(
  rootRealPath: string,
  skillRealPath: string,
  skillFile: string,
): Promise<SkillFileEntry[]> {
  const files: SkillFileEntry[] = []
  await walk({ rootRealPath, skillFile, files }, skillRealPath, '', new Set([skillRealPath]))
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

interface WalkState {
  rootRealPath: string
  skillFile: string
  files: SkillFileEntry[]
}

async function walk(
  state: WalkState,
  folderRealPath: string,
  folderPath: string,
  ancestors: ReadonlySet<string>,
): Promise<void> {
  for (const entry of await readdir(folderRealPath, { withFileTypes: true })) {
    const path = folderPath === '' ? entry.name : `${folderPath}/${entry.name}`
    if (isExcluded(entry.name, path)) continue
    const pluginPath = `${state.skillFile}/${path}`
    const realPath = entry.isSymbolicLink()
      ? await resolveInsidePlugin(state.rootRealPath, join(folderRealPath, entry.name), {
          file: pluginPath,
        })
      : join(folderRealPath, entry.name)
    const info = await stat(realPath)
    if (info.isDirectory()) {
      if (ancestors.has(realPath)) {
        throw new PluginDefinitionError(
          { file: pluginPath },
          'the symlink loops back to a folder that contains it',
        )
      }
      await walk(state, realPath, path, new Set([...ancestors, realPath]))
    } else if (info.isFile()) {
      state.files.push({ path, realPath, size: info.size })
    }
  }
}

function isExcluded(name: string, path: string): boolean {
  return (
    name.startsWith('.') || excludedNames.has(name) || name.endsWith('.pyc') || path === 'evals'
  )
}
