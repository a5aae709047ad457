import { statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** The compiler options tools are read with, before the choice of globals. */
const TOOLS_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
}

/**
 * Parsed declaration files (TypeScript's lib, `@types/node`, …), shared by every program of the
 * process as the language service's document registry shares them. Parsing them is most of the
 * time a derivation takes, and `portico dev` derives again on each save. The modification time
 * guards against a reinstall.
 */
const declarationFiles = new Map<string, { modified: number; sourceFile: ts.SourceFile }>()

const DECLARATION_FILE = /\.d\.([^./]+\.)?[cm]?ts$/

/** One program over all tool files, resolving modules and `@types` from the plugin folder. */
export function createToolsProgram(rootDir: string, files: readonly string[]): ts.Program {
  const host = createPluginCompilerHost(rootDir, TOOLS_COMPILER_OPTIONS)
  const options = withGlobals(rootDir, host)
  const rootNames = files.map((file) => path.resolve(rootDir, file))
  return ts.createProgram({ rootNames, options, host })
}

/**
 * A compiler host for the plugin folder that takes declaration files from the process-wide
 * cache, so that a program after the first parses only the plugin's own sources.
 */
export function createPluginCompilerHost(
  rootDir: string,
  options: ts.CompilerOptions,
): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  host.getCurrentDirectory = () => rootDir
  const readSourceFile = host.getSourceFile
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const modified = DECLARATION_FILE.test(fileName) ? modifiedTime(fileName) : undefined
    if (modified === undefined)
      return readSourceFile(fileName, languageVersion, onError, shouldCreate)
    const key = `${fileName}\u0000${JSON.stringify(languageVersion)}`
    const cached = declarationFiles.get(key)
    if (cached?.modified === modified) return cached.sourceFile
    const sourceFile = readSourceFile(fileName, languageVersion, onError, shouldCreate)
    if (sourceFile !== undefined) declarationFiles.set(key, { modified, sourceFile })
    return sourceFile
  }
  return host
}

function modifiedTime(fileName: string): number | undefined {
  return statSync(fileName, { throwIfNoEntry: false })?.mtimeMs
}

/**
 * Tools run on Node, so with `@types/node` in reach the globals are Node's and the DOM is left
 * out. TypeScript 6 no longer loads `@types` on its own, hence `types: ['node']`. Without it, the
 * DOM lib still declares `console`, `fetch` and `URL`, so common tool code compiles.
 */
function withGlobals(rootDir: string, host: ts.CompilerHost): ts.CompilerOptions {
  const { resolvedTypeReferenceDirective } = ts.resolveTypeReferenceDirective(
    'node',
    path.join(rootDir, '__inferred type names__.ts'),
    TOOLS_COMPILER_OPTIONS,
    host,
  )
  if (resolvedTypeReferenceDirective === undefined) return TOOLS_COMPILER_OPTIONS
  return { ...TOOLS_COMPILER_OPTIONS, lib: ['lib.es2023.d.ts'], types: ['node'] }
}
