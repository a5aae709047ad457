import type { JsonSchema } from '../core/json-schema.js'

/**
 * The schema a `#/$defs/<name>` reference of `root` points to (the only references Portico
 * emits), or `undefined` when it points elsewhere or nowhere.
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#/$defs/')) return undefined
  const name = decodeURIComponent(ref.slice('#/$defs/'.length))
    .replaceAll('~1', '/')
    .replaceAll('~0', '~')
  return root.$defs !== undefined && Object.hasOwn(root.$defs, name) ? root.$defs[name] : undefined
}
