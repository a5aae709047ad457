import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { buildFolderName } from '../model/model-file.js'
import { loadSourcePlugin } from './load-source-plugin.js'
import type { LoadedPlugin } from './loaded-plugin.js'

/**
 * `portico dev`: loads the plugin from source. Each load is a new generation in its own folder,
 * so modules are imported afresh; the previous generation's folder is removed once replaced.
 */
export async function loadDevPlugin(rootDir: string, generation: number): Promise<LoadedPlugin> {
  const devDir = join(rootDir, buildFolderName, 'dev')
  const plugin = await loadSourcePlugin(rootDir, {
    outDir: join(devDir, String(generation)),
    version: generation,
  })
  if (generation > 0)
    await rm(join(devDir, String(generation - 1)), { recursive: true, force: true })
  return plugin
}
