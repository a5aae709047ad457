import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { toolsFolderName } from '../model/find-tool-files.js'
import type { PluginModel } from '../model/plugin-model.js'

/** Throws when the model has no tool: a plugin that serves nothing is a mistake, not a success. */
export function assertHasTools(model: PluginModel): void {
  if (model.tools.length > 0) return
  throw new PluginDefinitionError(
    { file: `${toolsFolderName}/` },
    'no tools; export a class with a documented async method from tools/<name>.ts',
  )
}
