import { type FolderFileEntry, listFolderFiles } from '../assets/list-folder-files.js'

/** A file of a skill folder, found on disk but not yet read. */
export type SkillFileEntry = FolderFileEntry

/** Folders left out wherever they are, as the reference packager (`package_skill.py`) does. */
const excludedNames = new Set(['__pycache__', 'node_modules'])

/**
 * Every file of a skill folder, recursively, sorted by path. Left out, like the reference
 * packager: `__pycache__/`, `node_modules/`, `*.pyc`, an `evals/` folder at the skill root, and
 * any dot-file or dot-folder (`.DS_Store` among them). Symlinks are followed when their real
 * path stays inside the plugin; one that leaves it, or loops, is a {@link PluginDefinitionError},
 * as is a name holding `\` or `:`, which would unpack elsewhere on Windows.
 *
 * @param skillRealPath - the skill folder, symlinks resolved
 * @param skillFile - the skill folder relative to the plugin (`skills/x`), for messages
 */
export function listSkillFiles(
  rootRealPath: string,
  skillRealPath: string,
  skillFile: string,
): Promise<SkillFileEntry[]> {
  return listFolderFiles(skillRealPath, {
    file: skillFile,
    boundary: { realPath: rootRealPath, name: 'the plugin folder' },
    exclude: isExcluded,
  })
}

function isExcluded(name: string, path: string): boolean {
  return excludedNames.has(name) || name.endsWith('.pyc') || path === 'evals'
}
