import { build } from 'esbuild'
import { capErrorLines } from '../core/cap-error-lines.js'
import { PluginDefinitionError } from '../core/plugin-definition-error.js'
import { assertEsModuleSources } from './assert-es-module-sources.js'

interface EsbuildMessage {
  text: string
  location?: { file: string; line: number; column: number } | null
}

/**
 * Compiles the plugin's tool modules to plain ESM JavaScript in `outDir`, keeping the folder
 * layout (`tools/notes.ts` → `<outDir>/tools/notes.mjs`). Modules they share are split into
 * shared chunks, so state kept in a shared module exists once; npm packages stay imports.
 * Source maps go beside them, so stacks name the `.ts` lines (dev and `portico start` enable
 * them). A CommonJS global in a source they bundle is refused (see
 * {@link assertEsModuleSources}).
 */
export async function compileToolModules(
  rootDir: string,
  files: string[],
  outDir: string,
): Promise<void> {
  if (files.length === 0) return
  let inputs: string[]
  try {
    const result = await build({
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
      metafile: true,
    })
    inputs = Object.keys(result.metafile.inputs)
  } catch (error) {
    const errors = (error as { errors?: EsbuildMessage[] }).errors ?? []
    const first = errors[0]?.location
    if (!first) throw error
    // Every error of every file, one per line; the first error's location heads the message.
    const [head, ...rest] = errors
    const lines = rest.map(({ text, location }) =>
      location ? `${location.file}:${location.line}:${location.column + 1}: ${text}` : text,
    )
    throw new PluginDefinitionError(
      { file: first.file, line: first.line, column: first.column + 1 },
      capErrorLines([head?.text ?? '', ...lines]),
    )
  }
  // Paths relative to rootDir: the plugin's own sources, not its packages.
  const sources = inputs.filter(
    (input) => /\.[cm]?[jt]sx?$/.test(input) && !/^\.\.\/|node_modules\//.test(input),
  )
  await assertEsModuleSources(rootDir, sources)
}
