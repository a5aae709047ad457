import type ts from 'typescript'
import type { ToolAnnotations } from '../plugin-model.js'
import type { JsDocTag } from './js-doc.js'
import { firstSentence, readJsDoc } from './read-jsdoc.js'

/** What a method's JSDoc says about its tool. */
export interface MethodDoc {
  summary?: string
  description?: string
  /** The text of `@deprecated` ('' without a reason), when the method has the tag. */
  deprecated?: string
  /** `@task` (`optional`) or `@task required`, when the method has the tag. */
  task?: 'optional' | 'required'
  annotations: ToolAnnotations
}

const HINT_TAGS = new Map<string, keyof Omit<ToolAnnotations, 'title'>>([
  ['readOnly', 'readOnlyHint'],
  ['readonly', 'readOnlyHint'],
  ['destructive', 'destructiveHint'],
  ['idempotent', 'idempotentHint'],
  ['openWorld', 'openWorldHint'],
])

/**
 * Summary, description, `@deprecated` and MCP annotations (`@title`, `@readOnly`, …) of a tool
 * method.
 */
export function readMethodDoc(symbol: ts.Symbol, checker: ts.TypeChecker): MethodDoc {
  const { text, tags } = readJsDoc(symbol, checker)
  const doc: MethodDoc = { annotations: readAnnotations(tags) }
  if (text !== '') {
    doc.summary = firstSentence(text)
    doc.description = text
  }
  const deprecated = tags.find((tag) => tag.name === 'deprecated')
  if (deprecated !== undefined) doc.deprecated = deprecated.text
  const task = tags.find((tag) => tag.name === 'task')
  if (task !== undefined) doc.task = task.text.trim() === 'required' ? 'required' : 'optional'
  return doc
}

function readAnnotations(tags: readonly JsDocTag[]): ToolAnnotations {
  const annotations: ToolAnnotations = {}
  for (const tag of tags) {
    if (tag.name === 'title' && tag.text !== '') annotations.title = tag.text
    const hint = HINT_TAGS.get(tag.name)
    if (hint !== undefined) annotations[hint] = tag.text !== 'false'
  }
  return annotations
}
