import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { loadSourcePlugin } from './load-source-plugin.js'
import type { LoadedPlugin } from './loaded-plugin.js'
import { buildFolderName } from './model-file.js'

/**
 * `portico dev`: loads the plugin from source. Each load is a new generation in its own folder,
 * so modules are imported afresh; once a generation serves, the folders of all others (replaced
 * ones, failed ones, those of an earlier run) are removed.
 */
export async function loadDevPlugin(rootDir: string, generation: number): Promise<LoadedPlugin> {
  const devDir = join(rootDir, buildFolderName, 'dev')
  const current = String(generation)
  const plugin = await loadSourcePlugin(rootDir, {
    outDir: join(devDir, current),
    version: generation,
  })
  const stale = (await readdir(devDir)).filter((name) => name !== current)
  await Promise.all(stale.map((name) => rm(join(devDir, name), { recursive: true, force: true })))
  return plugin
}
