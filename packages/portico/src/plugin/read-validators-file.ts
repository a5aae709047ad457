import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { logger } from '../core/logger.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { type PrecompiledValidators, precompiledKey } from '../invoke/precompiled-validators.js'
import {
  ajvVersion,
  requireFromPortico,
  VALIDATORS_FORMAT,
  type ValidatorsModule,
  validatorsFileName,
} from './validators-file.js'

/**
 * The validators `portico build` wrote into `buildDir`, or none when the file is missing (a
 * build by an older Portico) or was written for another Ajv or format: the runtime then
 * compiles them itself, as it does any schema the file lacks. A file that does not load is a
 * definition error that says to build again.
 */
export async function readValidatorsFile(
  buildDir: string,
): Promise<PrecompiledValidators | undefined> {
  const path = join(buildDir, validatorsFileName)
  if (!existsSync(path)) return undefined
  let file: ValidatorsModule
  try {
    file = (await import(pathToFileURL(path).href)) as ValidatorsModule
  } catch (error) {
    throw new PluginDefinitionError(
      { file: path },
      `cannot load the validators (${error instanceof Error ? error.message : String(error)}); run "portico build" again`,
    )
  }
  if (file.format !== VALIDATORS_FORMAT || file.ajv !== ajvVersion()) {
    logger.warn(
      `${path} was written by another Portico version, so the validators compile at run time: run "portico build" again for a faster start`,
    )
    return undefined
  }
  return {
    find: (schema, useDefaults) =>
      file.validators[precompiledKey(schema, useDefaults)]?.(requireFromPortico),
  }
}
