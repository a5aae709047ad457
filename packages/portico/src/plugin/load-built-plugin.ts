import { join } from 'node:path'
import { createToolRuntime } from '../invoke/create-tool-runtime.js'
import { loadToolClasses } from './load-tool-classes.js'
import type { LoadedPlugin } from './loaded-plugin.js'
import { buildFolderName, readModelFile } from './model-file.js'

/**
 * `portico start`: loads what `portico build` wrote (and checked). Imports no compiler and
 * compiles each validator on its tool's first call, so start is fast whatever the tool count.
 */
export async function loadBuiltPlugin(rootDir: string): Promise<LoadedPlugin> {
  const buildDir = join(rootDir, buildFolderName)
  const model = await readModelFile(buildDir)
  const classes = await loadToolClasses(model, buildDir)
  return {
    rootDir,
    runtime: createToolRuntime(model, classes, { compileValidators: 'lazy' }),
  }
}
