import { build } from 'esbuild'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'

/**
 * Compiles the plugin's tool modules to plain ESM JavaScript in `outDir`, keeping the folder
 * layout (`tools/notes.ts` → `<outDir>/tools/notes.mjs`). Modules they share are split into
 * shared chunks, so state kept in a shared module exists once; npm packages stay imports.
 */
export async function compileToolModules(
  rootDir: string,
  files: string[],
  outDir: string,
): Promise<void> {
  if (files.length === 0) return
  try {
    await build({
      entryPoints: files,
      outdir: outDir,
      outbase: rootDir,
      absWorkingDir: rootDir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outExtension: { '.js': '.mjs' },
      sourcemap: 'linked',
      logLevel: 'silent',
    })
  } catch (error) {
    const first = (
      error as {
        errors?: { text: string; location?: { file: string; line: number; column: number } }[]
      }
    ).errors?.[0]
    if (first?.location) {
      throw new PluginDefinitionError(
        { file: first.location.file, line: first.location.line, column: first.location.column + 1 },
        first.text,
      )
    }
    throw error
  }
}
