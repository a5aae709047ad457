import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import type { ToolClass } from '../invoke/create-tool-runtime.js'
import type { PluginModel } from '../model/plugin-model.js'

/**
 * Imports the compiled tool modules of a model from `outDir` and picks the classes it names.
 * `version` makes the URLs new, so a dev reload gets fresh modules instead of cached ones.
 */
export async function loadToolClasses(
  model: PluginModel,
  outDir: string,
  version?: number,
): Promise<Map<string, ToolClass>> {
  const classes = new Map<string, ToolClass>()
  const modules = new Map<string, Promise<Record<string, unknown>>>()
  for (const toolClass of model.toolClasses) {
    let module = modules.get(toolClass.file)
    if (!module) {
      const url = pathToFileURL(join(outDir, compiledModulePath(toolClass.file)))
      if (version !== undefined) url.searchParams.set('v', String(version))
      module = import(url.href) as Promise<Record<string, unknown>>
      modules.set(toolClass.file, module)
    }
    let exports: Record<string, unknown>
    try {
      exports = await module
    } catch (error) {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `cannot load the module: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const value = exports[toolClass.name]
    if (typeof value !== 'function') {
      throw new PluginDefinitionError(
        { file: toolClass.file },
        `does not export the class ${toolClass.name}`,
      )
    }
    classes.set(toolClass.name, value as ToolClass)
  }
  return classes
}

/** Where the compiled module of a tool source file lands (`tools/a.ts` → `tools/a.mjs`). */
export function compiledModulePath(sourceFile: string): string {
  return sourceFile.replace(/\.m?ts$/, '.mjs')
}
