import { randomUUID } from 'node:crypto'
import { rename, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes `text` to `path` (mode 0600) so that readers, in this or another process, see either
 * the old content or the new, never a part: a temporary file in the same folder (rename is
 * atomic only within one file system), then a rename over the target.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temporary = temporaryPathFor(path)
  try {
    await writeFile(temporary, text, { mode: 0o600, flag: 'wx' })
    await rename(temporary, path)
  } catch (error) {
    await unlink(temporary).catch(() => {})
    throw error
  }
}

/** A unique hidden name beside `path`; scans of entry files skip it (entry names are hex). */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`)
}
