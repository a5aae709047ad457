import ts from 'typescript'
import { capErrorLines } from '../../core/cap-error-lines.js'
import { PluginDefinitionError } from '../../core/plugin-definition-error.js'
import { isInsideRoot, relativeFile } from './source-location.js'

/**
 * Throws on the TypeScript errors in the source files of the plugin (library files are not
 * checked): the first heads the message, the others of every file follow with their locations,
 * capped. Syntax errors come first: the type errors that follow one are mostly its echo.
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
  const { file } = first
  const count = errors.length === 1 ? '1 TypeScript error' : `${errors.length} TypeScript errors`
  // The first error heads the message with its location; the others, of every file, follow
  // (capped), so errors in several files are all seen at once.
  const others = errors.filter(
    (error) => error.file !== file || error.start !== first.start || error.code !== first.code,
  )
  const position = file.getLineAndCharacterOfPosition(first.start ?? 0)
  throw new PluginDefinitionError(
    {
      file: relativeFile(rootDir, file.fileName),
      line: position.line + 1,
      column: position.character + 1,
    },
    capErrorLines([
      `${describe(first)} (${count} in the tool sources; tools must compile)`,
      ...others.map((error) => `${locate(rootDir, error)}: ${describe(error)}`),
    ]),
  )
}

function describe(diagnostic: ts.Diagnostic): string {
  return `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
}

function locate(rootDir: string, diagnostic: ts.Diagnostic): string {
  const file = diagnostic.file as ts.SourceFile
  const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
  return `${relativeFile(rootDir, file.fileName)}:${line + 1}:${character + 1}`
}
