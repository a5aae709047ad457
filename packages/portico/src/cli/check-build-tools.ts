import { createRequire } from 'node:module'
import { CliError } from './cli-error.js'

/**
 * What reads and compiles a plugin's TypeScript: the compiler (the model), esbuild (the tool
 * modules, widgets and worker bundles) and tsx (`portico.config.ts`), each with the specifier it
 * is loaded by. They are optional dependencies of `portico`: every install has them, unless it
 * was made with `--omit=optional`, which a production install of a built plugin may use, since
 * `portico start` serves `.portico/` without any of them.
 */
const buildTools = [
  ['typescript', 'typescript'],
  ['esbuild', 'esbuild'],
  ['tsx', 'tsx/esm/api'],
] as const

/**
 * Fails with one line, before anything loads, when `portico <command>` (`dev`, `build`, or
 * `stdio` from sources) would need a build tool that this install left out.
 */
export function checkBuildTools(command: string): void {
  const require = createRequire(import.meta.url)
  const missing = buildTools
    .filter(([, specifier]) => !resolves(require, specifier))
    .map(([name]) => name)
  if (missing.length === 0) return
  throw new CliError(
    `portico ${command} reads TypeScript with ${missing.join(', ')}, which this install left out: they are optional dependencies of portico, skipped by "npm install --omit=optional", and only "portico start" (serving a build) does without them. Install again without --omit=optional.`,
  )
}

function resolves(require: NodeJS.Require, specifier: string): boolean {
  try {
    require.resolve(specifier)
    return true
  } catch {
    return false
  }
}
