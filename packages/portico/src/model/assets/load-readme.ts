import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The plugin's read-me, shown on its overview page. */
const readmeFileName = 'README.md'

/**
 * The text of `README.md` in the plugin folder, or an empty string when there is none.
 *
 * @example
 * await loadReadme(rootDir) // '# Notes\n\nA small notes service…'
 */
export async function loadReadme(rootDir: string): Promise<string> {
  try {
    return await readFile(join(rootDir, readmeFileName), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  }
}
