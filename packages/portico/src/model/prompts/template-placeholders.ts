/**
 * Either an escaped `\{{` (group 1 unset) or a `{{ name }}` placeholder (group 1 is the name,
 * without its inner spaces). A placeholder never spans lines.
 */
const tokenPattern = /\\\{\{|\{\{[ \t]*([^{}\n]*?)[ \t]*\}\}/g

/** A `{{name}}` in a template, with the 0-based line it sits on within the template. */
export interface Placeholder {
  name: string
  lineOffset: number
}

/** The placeholders of a template, in order; escaped `\{{` sequences are skipped. */
export function listPlaceholders(template: string): Placeholder[] {
  const placeholders: Placeholder[] = []
  for (const match of template.matchAll(tokenPattern)) {
    const name = match[1]
    if (name === undefined) continue
    const lineOffset = template.slice(0, match.index).split('\n').length - 1
    placeholders.push({ name, lineOffset })
  }
  return placeholders
}

/**
 * Replaces each placeholder by its value and each `\{{` by `{{`, in one pass: a value that
 * contains `{{x}}` is inserted as it is, never expanded. A name without a value stays as written.
 */
export function fillPlaceholders(template: string, values: ReadonlyMap<string, string>): string {
  return template.replace(tokenPattern, (token, name: string | undefined) =>
    name === undefined ? '{{' : (values.get(name) ?? token),
  )
}
