import { consola } from 'consola'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'

/** Prints a failure: a plugin mistake as its one located line, anything else with its stack. */
export function printError(error: unknown): void {
  if (error instanceof PluginDefinitionError) consola.error(error.message)
  else consola.error(error)
}
