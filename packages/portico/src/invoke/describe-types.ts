const NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

/** JSON Schema type names in plain words: `['number', 'null']` → `a number or null`. */
export function describeTypes(types: readonly string[]): string {
  const words = [...new Set(types)].map((type) => NAMES[type] ?? type)
  const last = words.pop() ?? 'valid'
  return words.length === 0 ? last : `${words.join(', ')} or ${last}`
}
