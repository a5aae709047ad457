import { defName } from '../core/def-ref.js'
import type { JsonSchema } from '../core/json-schema.js'

/**
 * The schema a `#/$defs/<name>` reference of `root` points to (the only references Portico
 * emits), or `undefined` when it points elsewhere or nowhere.
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  const name = defName(ref)
  if (name === undefined) return undefined
  return root.$defs !== undefined && Object.hasOwn(root.$defs, name) ? root.$defs[name] : undefined
}
