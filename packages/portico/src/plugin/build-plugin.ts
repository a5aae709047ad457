import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createToolRuntime } from '../invoke/create-tool-runtime.js'
import { derivePluginModel } from '../model/derive-plugin-model.js'
import { findToolFiles } from '../model/find-tool-files.js'
import type { PluginModel } from '../model/plugin-model.js'
import { assertHasTools } from './assert-has-tools.js'
import { checkConfigTypes } from './check-config-types.js'
import { compileToolModules } from './compile-tool-modules.js'
import { loadToolClasses } from './load-tool-classes.js'
import { buildFolderName, writeModelFile } from './model-file.js'
import { writeValidatorsFile } from './write-validators-file.js'

/**
 * `portico build`: derives the model, compiles the tools to JavaScript and writes both to
 * `.portico/`, so `portico start` needs neither the TypeScript compiler nor tsx. The result is
 * loaded once before it is written, so a build that succeeds also starts.
 */
export async function buildPlugin(rootDir: string): Promise<PluginModel> {
  const model = await derivePluginModel(rootDir)
  checkConfigTypes(rootDir)
  assertHasTools(model)
  const buildDir = join(rootDir, buildFolderName)
  await rm(buildDir, { recursive: true, force: true })
  await mkdir(buildDir, { recursive: true })
  await compileToolModules(rootDir, findToolFiles(rootDir), buildDir)
  createToolRuntime(model, await loadToolClasses(model, buildDir))
  await writeValidatorsFile(buildDir, model)
  await writeModelFile(buildDir, model)
  return model
}
