import { existsSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { configFileName } from '../config/load-config.js'
import { capErrorLines } from '../core/cap-error-lines.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { createPluginCompilerHost } from '../model/tools/create-tools-program.js'
import { isInsideRoot, relativeFile } from '../model/tools/source-location.js'

/** Without a `tsconfig.json`, the config is checked as a strict NodeNext module. */
const defaultOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2023,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
}

/**
 * Type-checks `portico.config.ts` and the plugin files it imports, with the plugin's
 * `tsconfig.json` when it has one: loading the config through tsx strips its types unchecked.
 * Throws {@link PluginDefinitionError} listing the errors of the first file that has some.
 */
export function checkConfigTypes(rootDir: string): void {
  const configPath = join(rootDir, configFileName)
  if (!existsSync(configPath)) return
  const options = { ...readCompilerOptions(rootDir), noEmit: true, skipLibCheck: true }
  // The host shares parsed declaration files with the tools' programs: a check after the
  // first costs little, which keeps a config save in `portico dev` fast.
  const host = createPluginCompilerHost(rootDir, options)
  const program = ts.createProgram({ rootNames: [configPath], options, host })
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter(
      (diagnostic) =>
        diagnostic.category === ts.DiagnosticCategory.Error &&
        diagnostic.file !== undefined &&
        isInsideRoot(rootDir, diagnostic.file.fileName),
    )
  const first = errors[0]
  if (!first?.file) return
  const lines = errors
    .filter((diagnostic) => diagnostic.file === first.file)
    .map((diagnostic) => {
      const file = diagnostic.file as ts.SourceFile
      const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      return `${relativeFile(rootDir, file.fileName)}:${line + 1}:${character + 1}: TS${diagnostic.code}: ${text}`
    })
  throw new PluginDefinitionError(
    { file: relativeFile(rootDir, first.file.fileName) },
    `${errors.length === 1 ? '1 type error' : `${errors.length} type errors`}\n${capErrorLines(lines)}`,
  )
}

function readCompilerOptions(rootDir: string): ts.CompilerOptions {
  const path = join(rootDir, 'tsconfig.json')
  if (!existsSync(path)) return defaultOptions
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )
  return parsed?.options ?? defaultOptions
}
