/** The values a template's text may ask for. */
export interface PlaceholderValues {
  name: string
  title: string
}

/**
 * `bytes` with `__PORTICO_NAME__` and `__PORTICO_TITLE__` replaced (not `{{name}}`: prompts use
 * that for their arguments). Files without them, such as images, come back untouched rather
 * than round-tripped through a string.
 */
export function fillPlaceholders(bytes: Buffer, values: PlaceholderValues): Buffer | string {
  if (!bytes.includes('__PORTICO_')) return bytes
  // Replacer functions, so that a `$` in a value is not read as a replacement pattern.
  return bytes
    .toString('utf8')
    .replaceAll('__PORTICO_NAME__', () => values.name)
    .replaceAll('__PORTICO_TITLE__', () => values.title)
}
