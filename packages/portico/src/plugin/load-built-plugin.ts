import { join, resolve } from 'node:path'
import { createToolRuntime } from '../invoke/create-tool-runtime.js'
import { loadToolClasses } from './load-tool-classes.js'
import type { LoadedPlugin } from './loaded-plugin.js'
import { buildFolderName, readModelFile } from './model-file.js'
import { readValidatorsFile } from './read-validators-file.js'

/**
 * `portico start`: loads what `portico build` wrote (and checked). Imports no compiler and
 * takes the validators the build compiled; any other is compiled on its tool's first call, so
 * start is fast whatever the tool count. A relative `folder` is resolved against
 * `process.cwd()`; the result's `rootDir` is absolute.
 */
export async function loadBuiltPlugin(folder: string): Promise<LoadedPlugin> {
  const rootDir = resolve(folder)
  const buildDir = join(rootDir, buildFolderName)
  const model = await readModelFile(buildDir)
  const [classes, precompiledValidators] = await Promise.all([
    loadToolClasses(model, buildDir),
    readValidatorsFile(buildDir),
  ])
  return {
    rootDir,
    runtime: createToolRuntime(model, classes, {
      compileValidators: 'lazy',
      ...(precompiledValidators && { precompiledValidators }),
    }),
  }
}
