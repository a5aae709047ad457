/** Where Portico's schemas keep their recursive types: a root's `$defs`. */
const DEFS_POINTER = '#/$defs/'

/**
 * The `$ref` to a `$defs` entry: a JSON Pointer in a URI fragment, so `Page<Note>` is written
 * `Page%3CNote%3E` and `a/b` is `a~1b`.
 */
export function defRef(name: string): string {
  return `${DEFS_POINTER}${encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'))}`
}

/**
 * The `$defs` entry a `$ref` names, or `undefined` when it points anywhere else (the only
 * references Portico emits are its own `$defs`).
 */
export function defName(ref: string): string | undefined {
  if (!ref.startsWith(DEFS_POINTER)) return undefined
  const token = ref.slice(DEFS_POINTER.length)
  if (token.includes('/')) return undefined
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // not percent-encoded after all: read it as written
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~')
}
