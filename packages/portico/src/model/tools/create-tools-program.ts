import path from 'node:path'
import ts from 'typescript'

/**
 * The compiler options tools are read with. The default lib of ES2023 keeps the DOM globals, so
 * a plugin without `@types/node` still finds `console`, `fetch` and `URL`.
 */
export const TOOLS_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
}

/** One program over all tool files, resolving modules and `@types` from the plugin folder. */
export function createToolsProgram(rootDir: string, files: readonly string[]): ts.Program {
  const host = ts.createCompilerHost(TOOLS_COMPILER_OPTIONS)
  host.getCurrentDirectory = () => rootDir
  const rootNames = files.map((file) => path.resolve(rootDir, file))
  return ts.createProgram({ rootNames, options: TOOLS_COMPILER_OPTIONS, host })
}
