import ts from 'typescript'
import type { JsDoc } from './js-doc.js'

/**
 * The JSDoc written on the same line just before `node` (`{ /** @minimum 5 *\/ n: number }`),
 * which TypeScript reads as a trailing comment of the token before it and so never attaches.
 * A comment followed by a line break is left alone: it trails the previous line's member.
 */
export function readSameLineJsDoc(node: ts.Node): JsDoc | undefined {
  const sourceFile = node.getSourceFile()
  const text = sourceFile.text
  const start = node.getStart(sourceFile)
  const comment = (ts.getTrailingCommentRanges(text, node.pos) ?? []).findLast(
    (range) =>
      range.kind === ts.SyntaxKind.MultiLineCommentTrivia &&
      text.startsWith('/**', range.pos) &&
      !text.startsWith('/**/', range.pos) &&
      /^[^\S\r\n]*$/.test(text.slice(range.end, start)),
  )
  if (comment === undefined) return undefined
  return parseJsDoc(`${text.slice(comment.pos, comment.end)}\nlet documented: 0`)
}

/** Parses the comment before the one statement of `source` as TypeScript itself would. */
function parseJsDoc(source: string): JsDoc | undefined {
  const parsed = ts.createSourceFile('jsdoc.ts', source, ts.ScriptTarget.Latest, true)
  const [statement] = parsed.statements
  const jsDoc =
    statement === undefined ? undefined : ts.getJSDocCommentsAndTags(statement).find(ts.isJSDoc)
  if (jsDoc === undefined) return undefined
  return {
    text: (ts.getTextOfJSDocComment(jsDoc.comment) ?? '').trim(),
    tags: (jsDoc.tags ?? []).map((tag) => ({
      name: tag.tagName.text,
      text: (
        ts.getTextOfJSDocComment(tag.comment) ??
        (ts.isJSDocTypeTag(tag) ? tag.typeExpression.getText(parsed) : '')
      ).trim(),
    })),
  }
}
