import { readdir } from 'node:fs/promises'
import { CliError } from './cli-error.js'

/**
 * Throws {@link CliError} unless `dir` is missing or an empty folder, so that a scaffold never
 * mixes with (or overwrites) files already there. `shownAs` is the path as the user typed it.
 */
export async function checkTargetDir(dir: string, shownAs: string): Promise<void> {
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return
    if (code === 'ENOTDIR') {
      throw new CliError(`${shownAs} already exists and is not a folder: choose another name`)
    }
    throw error
  }
  if (entries.length > 0) {
    throw new CliError(
      `${shownAs} already exists and is not empty: choose another name or empty it`,
    )
  }
}
