import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { IsolatedCalls } from '../invoke/create-isolated-calls.js'
import { createToolRuntime } from '../invoke/create-tool-runtime.js'
import type { PluginModel } from '../model/plugin-model.js'
import { compiledModulePath, loadToolClasses } from './load-tool-classes.js'
import type { LoadedPlugin } from './loaded-plugin.js'
import { buildFolderName, readModelFile } from './model-file.js'
import { readValidatorsFile } from './read-validators-file.js'

/**
 * `portico start`: loads what `portico build` wrote (and checked). Imports no compiler and
 * takes the validators the build compiled; any other is compiled on its tool's first call, so
 * start is fast whatever the tool count. A relative `folder` is resolved against
 * `process.cwd()`; the result's `rootDir` is absolute. With `server.isolateTools`, the tools
 * run in a pool of worker threads that import the same modules.
 */
export async function loadBuiltPlugin(folder: string): Promise<LoadedPlugin> {
  const rootDir = resolve(folder)
  const buildDir = join(rootDir, buildFolderName)
  const model = await readModelFile(buildDir)
  const [classes, precompiledValidators, isolated] = await Promise.all([
    loadToolClasses(model, buildDir),
    readValidatorsFile(buildDir),
    model.config.server.isolateTools ? isolatedCallsOf(model, buildDir) : undefined,
  ])
  return {
    rootDir,
    runtime: createToolRuntime(model, classes, {
      compileValidators: 'lazy',
      ...(precompiledValidators && { precompiledValidators }),
      ...(isolated && { isolated }),
    }),
  }
}

/**
 * The worker pool of the model's tool classes, each by the URL of its compiled module. Imported
 * here only: the pool's module loads `node:v8` and `node:os`, which a plugin that does not
 * isolate its tools never needs at start.
 */
async function isolatedCallsOf(model: PluginModel, buildDir: string): Promise<IsolatedCalls> {
  const modules: Record<string, string> = {}
  for (const toolClass of model.toolClasses) {
    modules[toolClass.name] = pathToFileURL(join(buildDir, compiledModulePath(toolClass.file))).href
  }
  const { createIsolatedCalls } = await import('../invoke/create-isolated-calls.js')
  return createIsolatedCalls(modules)
}
