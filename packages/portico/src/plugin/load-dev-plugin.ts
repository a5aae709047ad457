import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { assertHasTools } from './assert-has-tools.js'
import { loadSourcePlugin } from './load-source-plugin.js'
import type { LoadedPlugin } from './loaded-plugin.js'
import { buildFolderName } from './model-file.js'

/**
 * `portico dev`: loads the plugin from source. Each load is a new generation in its own folder
 * (`<pid>-<generation>`, as two workers overlap during a restart), so modules are imported
 * afresh; once a generation serves, the other folders of this process and those of processes
 * that have ended are removed.
 */
export async function loadDevPlugin(rootDir: string, generation: number): Promise<LoadedPlugin> {
  const devDir = join(rootDir, buildFolderName, 'dev')
  const current = `${process.pid}-${generation}`
  const plugin = await loadSourcePlugin(rootDir, {
    outDir: join(devDir, current),
    version: generation,
  })
  assertHasTools(plugin.runtime.model)
  const stale = (await readdir(devDir)).filter((name) => name !== current && !isLiveOther(name))
  await Promise.all(stale.map((name) => rm(join(devDir, name), { recursive: true, force: true })))
  return plugin
}

/** Whether a generation folder belongs to another process that still runs. */
function isLiveOther(name: string): boolean {
  const pid = Number(/^(\d+)-\d+$/.exec(name)?.[1])
  if (!(pid > 0) || pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
