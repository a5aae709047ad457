import { statSync } from 'node:fs'
import { relative } from 'node:path'
import { findToolFiles, toolsFolderName } from '../model/find-tool-files.js'
import { CliError } from './cli-error.js'

/**
 * Fails with one line when `dir` is not a folder, or (for `dev` and `build`, which read the
 * sources) has no tool file, before anything starts: a server with nothing to serve is a mistake.
 */
export function checkPluginFolder(dir: string, sources: boolean): void {
  const inside = relative(process.cwd(), dir)
  const shown = inside.startsWith('..') ? dir : inside || '.'
  const stats = statSync(dir, { throwIfNoEntry: false })
  if (!stats) throw new CliError(`${shown}: no such folder`)
  if (!stats.isDirectory()) throw new CliError(`${shown}: not a folder`)
  if (sources && findToolFiles(dir).length === 0) {
    throw new CliError(
      `${shown}: no tools; a plugin exports its tool classes from ${toolsFolderName}/<name>.ts`,
    )
  }
}
