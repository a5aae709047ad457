import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** The files under `dir`, as paths relative to it, sorted so that scaffolds are reproducible. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name)
    if (entry.isDirectory()) files.push(...(await listFiles(dir, path)))
    else if (entry.isFile()) files.push(path)
  }
  return files.sort()
}
