import { mkdir, rm } from 'node:fs/promises'
import { createToolRuntime } from '../invoke/create-tool-runtime.js'
import { derivePluginModel } from '../model/derive-plugin-model.js'
import { findToolFiles } from '../model/find-tool-files.js'
import { compileToolModules } from './compile-tool-modules.js'
import { loadToolClasses } from './load-tool-classes.js'
import type { LoadedPlugin } from './loaded-plugin.js'

/** Options of {@link loadSourcePlugin}. */
export interface SourcePluginOptions {
  /**
   * Where the compiled tools go. It must lie inside the plugin folder, so that the compiled
   * modules resolve the plugin's npm packages as the sources do.
   */
  outDir: string
  /** A new value imports the modules afresh instead of from the module cache. */
  version?: number
}

/** Derives, compiles and loads a plugin from its TypeScript sources. */
export async function loadSourcePlugin(
  rootDir: string,
  options: SourcePluginOptions,
): Promise<LoadedPlugin> {
  const model = await derivePluginModel(rootDir)
  await rm(options.outDir, { recursive: true, force: true })
  await mkdir(options.outDir, { recursive: true })
  await compileToolModules(rootDir, findToolFiles(rootDir), options.outDir)
  const classes = await loadToolClasses(model, options.outDir, options.version)
  return { rootDir, runtime: createToolRuntime(model, classes) }
}
