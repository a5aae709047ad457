import { RESERVED_RESOURCE_SCHEMES } from '../../config/resource-scheme.js'
import { MAX_RESOURCE_URI_LENGTH } from './resource-uri.js'

/** The variables a URI matched, by name, percent-decoded. */
export type UriVariables = Record<string, string>

/** Finds the variables of a URI, or undefined when the URI does not match the template. */
export type UriTemplateMatcher = (uri: string) => UriVariables | undefined

/** A variable name: an identifier, since it names a property of the method's input. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
/** What literal text may not hold (RFC 6570 §2.1, plus whitespace). */
const FORBIDDEN_LITERAL = /[\s"'<>\\^`|]/
const SCHEME = /^([a-z][a-z0-9+.-]*):/

/**
 * The variables of an RFC 6570 level 1 template (`notes://notes/{id}`, `{name}` expressions
 * only), in order. Throws an `Error` saying what is wrong, for the caller to locate: an
 * operator (`{+path}`, `{?q}`), two expressions side by side (where one value would end is
 * unknowable), a variable twice, a scheme that is missing, templated or reserved (`ui`,
 * `skill`, …), stray braces.
 */
export function readUriTemplateVariables(template: string): string[] {
  if (template.length === 0) throw new Error('the template is empty')
  if (template.length > MAX_RESOURCE_URI_LENGTH) {
    throw new Error(`the template is longer than ${MAX_RESOURCE_URI_LENGTH} characters`)
  }
  const scheme = SCHEME.exec(template)?.[1]
  if (scheme === undefined) {
    throw new Error('it must start with a lower-case scheme, as in notes://notes/{id}')
  }
  if (RESERVED_RESOURCE_SCHEMES.has(scheme)) {
    throw new Error(
      `the scheme "${scheme}" is taken; choose another than ${[...RESERVED_RESOURCE_SCHEMES].join(', ')}`,
    )
  }
  const variables: string[] = []
  let previousEnd = -1
  for (const part of splitTemplate(template)) {
    if (typeof part === 'string') {
      if (FORBIDDEN_LITERAL.test(part)) {
        throw new Error(`the literal text "${part}" holds a character a URI cannot`)
      }
      continue
    }
    const { name, start, end } = part
    if (!VARIABLE_NAME.test(name)) {
      throw new Error(
        `{${name}} is not a plain variable; only level 1 expressions ({name}, an identifier) are supported`,
      )
    }
    if (start === previousEnd) {
      throw new Error(`{${name}} follows another expression directly; put literal text between`)
    }
    if (variables.includes(name)) throw new Error(`{${name}} appears twice`)
    variables.push(name)
    previousEnd = end
  }
  if (variables.length === 0) {
    throw new Error('the template has no {variable}; a fixed URI is a file of resources/')
  }
  return variables
}

/**
 * A matcher for a template {@link readUriTemplateVariables} accepted: each variable takes one or
 * more characters other than `/`, `?` and `#` (its expansion percent-encodes those), and its
 * value is percent-decoded; a value that does not decode is no match.
 */
export function compileUriTemplate(template: string): UriTemplateMatcher {
  const names: string[] = []
  let source = '^'
  for (const part of splitTemplate(template)) {
    if (typeof part === 'string') {
      source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    } else {
      names.push(part.name)
      source += '([^/?#]+)'
    }
  }
  const pattern = new RegExp(`${source}$`)
  return (uri) => {
    const match = pattern.exec(uri)
    if (!match) return undefined
    const variables: UriVariables = {}
    for (const [index, name] of names.entries()) {
      try {
        variables[name] = decodeURIComponent(match[index + 1] ?? '')
      } catch {
        return undefined
      }
    }
    return variables
  }
}

type TemplatePart = string | { name: string; start: number; end: number }

/** Literal text and `{…}` expressions, in order; throws on an unbalanced brace. */
function splitTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = []
  let index = 0
  while (index < template.length) {
    const open = template.indexOf('{', index)
    const close = template.indexOf('}', index)
    if (close !== -1 && (open === -1 || close < open)) {
      throw new Error(`a "}" at character ${close + 1} closes no expression`)
    }
    if (open === -1) {
      parts.push(template.slice(index))
      break
    }
    if (open > index) parts.push(template.slice(index, open))
    if (close === -1) throw new Error(`the "{" at character ${open + 1} is never closed`)
    const name = template.slice(open + 1, close)
    if (name.includes('{')) throw new Error(`the "{" at character ${open + 1} is never closed`)
    parts.push({ name, start: open, end: close + 1 })
    index = close + 1
  }
  return parts
}
