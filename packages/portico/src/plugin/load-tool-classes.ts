import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DefinitionErrorList } from '../core/definition-error-list.js'
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
  // Every import starts before the first is awaited: Node reads and compiles the modules in
  // parallel (1,000 modules: 530 ms one by one, 180 ms together). Each settles into a value, so
  // no failure is an unhandled rejection; all are reported together.
  const modules = new Map<string, Promise<ImportOutcome>>()
  for (const toolClass of model.toolClasses) {
    if (modules.has(toolClass.file)) continue
    const url = pathToFileURL(join(outDir, compiledModulePath(toolClass.file)))
    if (version !== undefined) url.searchParams.set('v', String(version))
    modules.set(
      toolClass.file,
      import(url.href).then(
        (exports: Record<string, unknown>) => ({ exports }),
        (error: unknown) => ({ error }),
      ),
    )
  }
  const errors = new DefinitionErrorList()
  const failed = new Set<string>()
  for (const toolClass of model.toolClasses) {
    const outcome = await modules.get(toolClass.file)
    errors.run(() => {
      if (outcome && 'error' in outcome) {
        // One report per module, whatever the count of classes it holds.
        if (failed.has(toolClass.file)) return
        failed.add(toolClass.file)
        const { error } = outcome
        throw new PluginDefinitionError(
          { file: toolClass.file },
          `cannot load the module: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
      const value = outcome?.exports[toolClass.name]
      if (typeof value !== 'function') {
        throw new PluginDefinitionError(
          { file: toolClass.file },
          `does not export the class ${toolClass.name}`,
        )
      }
      classes.set(toolClass.name, value as ToolClass)
    })
  }
  errors.throwIfAny()
  return classes
}

/** A tool module's exports, or why it could not be imported. */
type ImportOutcome = { exports: Record<string, unknown> } | { error: unknown }

/** Where the compiled module of a tool source file lands (`tools/a.ts` → `tools/a.mjs`). */
export function compiledModulePath(sourceFile: string): string {
  return sourceFile.replace(/\.m?ts$/, '.mjs')
}
