import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { unzipSync } from 'fflate'

/** Writes every entry of a zip under `dir`, as `unzip -d dir` would. */
export async function unpackZip(zip: Uint8Array, dir: string): Promise<void> {
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    await mkdir(dirname(join(dir, name)), { recursive: true })
    await writeFile(join(dir, name), bytes)
  }
}
