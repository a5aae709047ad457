import ts from 'typescript'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { isInsideRoot, relativeFile } from './source-location.js'

/**
 * Throws on the first TypeScript error in a source file of the plugin (library files are not
 * checked), with the count of errors so the developer knows how many remain. Syntax errors come
 * first: the type errors that follow one are mostly its echo.
 */
export function assertCompiles(program: ts.Program, rootDir: string): void {
  const errors: ts.Diagnostic[] = []
  let firstSyntaxError: ts.Diagnostic | undefined
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || !isInsideRoot(rootDir, sourceFile.fileName)) continue
    firstSyntaxError ??= program.getSyntacticDiagnostics(sourceFile)[0]
    for (const diagnostic of ts.getPreEmitDiagnostics(program, sourceFile)) {
      if (diagnostic.category === ts.DiagnosticCategory.Error && diagnostic.file === sourceFile) {
        errors.push(diagnostic)
      }
    }
  }
  const first = firstSyntaxError ?? errors[0]
  if (first?.file === undefined) return
  const position = first.file.getLineAndCharacterOfPosition(first.start ?? 0)
  const text = ts.flattenDiagnosticMessageText(first.messageText, '\n')
  const count = errors.length === 1 ? '1 TypeScript error' : `${errors.length} TypeScript errors`
  throw new PluginDefinitionError(
    {
      file: relativeFile(rootDir, first.file.fileName),
      line: position.line + 1,
      column: position.character + 1,
    },
    `TS${first.code}: ${text} (${count} in the tool sources; tools must compile)`,
  )
}
