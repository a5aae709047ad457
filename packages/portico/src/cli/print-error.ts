import { logger } from '../core/logger.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'

/** Prints a failure: a plugin mistake as its one located line, anything else with its stack. */
export function printError(error: unknown): void {
  if (error instanceof PluginDefinitionError) logger.error(error.message)
  else logger.error(error)
}
