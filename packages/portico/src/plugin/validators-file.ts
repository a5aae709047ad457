import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv/dist/2020.js'

/** The validators `portico build` writes beside the model. */
export const validatorsFileName = 'validators.mjs'

/** Bumped whenever the Ajv options or the file's shape change: an older file is not used. */
export const VALIDATORS_FORMAT = 2

/** Resolves Ajv and the runtime helpers its standalone code requires, from Portico's folder. */
export const requireFromPortico = createRequire(import.meta.url)

/** One entry of the file: makes the validator on its first use (its code runs only then). */
export type ValidatorFactory = (require: NodeJS.Require) => ValidateFunction

/** What the written module exports. */
export interface ValidatorsModule {
  format: number
  /** The Ajv version that wrote the code, which uses that version's runtime helpers. */
  ajv: string
  validators: Record<string, ValidatorFactory>
}

/** The version of the Ajv that Portico compiles with. */
export function ajvVersion(): string {
  return (requireFromPortico('ajv/package.json') as { version: string }).version
}
