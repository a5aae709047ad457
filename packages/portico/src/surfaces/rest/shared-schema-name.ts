/**
 * How `/open-api.json` names an unnamed schema that several operations share: a readable kind
 * (its `title` or JSON type) and 8 hex digits of a hash of its content, as `Object_1f0c9a2e`.
 * Pure, so that the docs site tells such a name from a type's name with the same rule.
 */
export function formatSharedSchemaName(kind: string, hash: string): string {
  return `${kind}_${hash.slice(0, SHARED_HASH_DIGITS)}`
}

/**
 * Whether a component name is one {@link formatSharedSchemaName} made: a reader is shown the
 * schema's kind (`object`) for it, not a hash. A named type spelt `<word>_<8 hex digits>`
 * would read as one too, and be shown by its kind.
 */
export function isSharedSchemaName(name: string): boolean {
  return SHARED_NAME.test(name)
}

const SHARED_HASH_DIGITS = 8
const SHARED_NAME = new RegExp(`_[0-9a-f]{${SHARED_HASH_DIGITS}}$`)
