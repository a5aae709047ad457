import ts from 'typescript'
import type { JsDoc } from './js-doc.js'
import { readSameLineJsDoc } from './read-same-line-jsdoc.js'

/**
 * Reads the JSDoc of a class, method, property or type symbol, inherited docs included; failing
 * that, a JSDoc on the same line before one of its declarations.
 */
export function readJsDoc(symbol: ts.Symbol, checker: ts.TypeChecker): JsDoc {
  const doc: JsDoc = {
    text: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
    tags: symbol.getJsDocTags(checker).map((tag) => ({
      name: tag.name,
      text: ts.displayPartsToString(tag.text).trim(),
    })),
  }
  if (doc.text !== '' || doc.tags.length > 0) return doc
  for (const declaration of symbol.declarations ?? []) {
    const sameLine = readSameLineJsDoc(declaration)
    if (sameLine !== undefined) return sameLine
  }
  return doc
}

/** The first sentence of a comment: up to the first `. ` or blank line, on one line. */
export function firstSentence(text: string): string {
  const paragraph = text.split(/\n\s*\n/)[0] ?? ''
  const end = paragraph.search(/\.(\s|$)/)
  const sentence = end === -1 ? paragraph : paragraph.slice(0, end + 1)
  return sentence.replace(/\s+/g, ' ').trim()
}
