import { logger } from '../core/logger.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { CliError } from './cli-error.js'

/** Prints a failure: a plugin or usage mistake as its located lines, anything else with its stack. */
export function printError(error: unknown): void {
  if (error instanceof PluginDefinitionError || error instanceof CliError) {
    logger.error(error.message)
  } else logger.error(error)
}
