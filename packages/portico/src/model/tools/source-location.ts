import path from 'node:path'
import type ts from 'typescript'
import type { DefinitionLocation } from '../../core/plugin-definition-error.js'
import type { SourceLocation } from '../plugin-model.js'

/** `fileName` relative to `rootDir`, with forward slashes on every platform. */
export function relativeFile(rootDir: string, fileName: string): string {
  return path.relative(rootDir, fileName).split(path.sep).join('/')
}

/** Whether `fileName` sits inside `rootDir` (at any depth) and outside its `node_modules`. */
export function isInsideRoot(rootDir: string, fileName: string): boolean {
  const relative = relativeFile(rootDir, fileName)
  return (
    relative !== '' &&
    !relative.startsWith('../') &&
    !path.isAbsolute(relative) &&
    !relative.split('/').includes('node_modules')
  )
}

/** Where `node` starts (after its JSDoc), as `file:line:column` for error messages. */
export function locateNode(rootDir: string, node: ts.Node): DefinitionLocation {
  const sourceFile = node.getSourceFile()
  const position = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
  return {
    file: relativeFile(rootDir, sourceFile.fileName),
    line: position.line + 1,
    column: position.character + 1,
  }
}

/** Where `node` starts, as the model's `{ file, line }`. */
export function sourceLocationOf(rootDir: string, node: ts.Node): SourceLocation {
  const { file, line = 1 } = locateNode(rootDir, node)
  return { file, line }
}
