import { createHash } from 'node:crypto'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import type { JsonSchema } from '../core/json-schema.js'

/** Validators compiled by `portico build`, found by their schema and purpose. */
export interface PrecompiledValidators {
  /** The validator of `schema` as an input (`useDefaults`) or an output check; else none. */
  find(schema: JsonSchema, useDefaults: boolean): ValidateFunction | undefined
}

/**
 * The name of a schema's validator: its purpose and a hash of its JSON. A schema changed since
 * the build has another name, so a stale validator is never used for it.
 */
export function precompiledKey(schema: JsonSchema, useDefaults: boolean): string {
  const hash = createHash('sha256').update(JSON.stringify(schema)).digest('base64url')
  return `${useDefaults ? 'input' : 'output'}:${hash}`
}
