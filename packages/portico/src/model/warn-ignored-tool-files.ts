import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { logger } from '../core/logger.js'
import { toolsFolderName } from './find-tool-files.js'

/** A file under `tools/` that looks like a tool file but is not read as one, and why. */
export interface IgnoredToolFile {
  /** Relative to the plugin folder, forward slashes (`tools/admin/users.ts`). */
  file: string
  /** `sub-folder`: below `tools/`; `javascript`: no types to derive schemas from; `extension`: `.tsx`, `.cts`. */
  reason: 'sub-folder' | 'javascript' | 'extension'
}

/** Modules a tool class could be written in; only `.ts` and `.mts` directly in `tools/` are read. */
const codeFile = /\.(?:[cm]?[jt]s|[jt]sx)$/
const javascriptFile = /\.(?:[cm]?js|jsx)$/
const readFile = /\.(?:ts|mts)$/
/** Tests and declarations are never tool files, wherever they are. */
const neverToolFile = /\.d\.[cm]?ts$|\.test\.[cm]?[jt]sx?$/
/** What makes a file worth a warning: it exports a class, so its author may mean a tool. */
const exportsClass = /\bexport\s+(?:default\s+)?(?:abstract\s+)?class\b/

/**
 * The files under `tools/` that export a class but are not read as tool files (only
 * `tools/*.ts` and `tools/*.mts` are): those in sub-folders, JavaScript, `.tsx` and `.cts`.
 * Helpers that export no class, tests and declarations are left out. Sorted by path.
 */
export function findIgnoredToolFiles(rootDir: string): IgnoredToolFile[] {
  const folder = join(rootDir, toolsFolderName)
  if (!existsSync(folder)) return []
  const ignored: IgnoredToolFile[] = []
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !codeFile.test(entry.name) || neverToolFile.test(entry.name)) continue
    const path = join(entry.parentPath, entry.name)
    const nested = entry.parentPath !== folder
    if (!nested && readFile.test(entry.name)) continue
    if (!exportsClass.test(readFileSync(path, 'utf8'))) continue
    const file = relative(rootDir, path).split('\\').join('/')
    const reason = nested
      ? 'sub-folder'
      : javascriptFile.test(entry.name)
        ? 'javascript'
        : 'extension'
    ignored.push({ file, reason })
  }
  return ignored.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}

/** Warnings already given, by folder and text: a reload that changes nothing repeats nothing. */
const given = new Set<string>()

/**
 * Warns, in one line, about the files {@link findIgnoredToolFiles} finds: each is named with
 * what to do, since `portico dev` otherwise reloads without them and says nothing. Once per
 * plugin folder and set of files in a process.
 */
export function warnIgnoredToolFiles(rootDir: string): void {
  const ignored = findIgnoredToolFiles(rootDir)
  if (ignored.length === 0) return
  const advice = ignored.map(({ file, reason }) =>
    reason === 'sub-folder'
      ? `move ${file} up into tools/`
      : reason === 'javascript'
        ? `write ${file} in TypeScript (tool schemas come from its types)`
        : `rename ${file} to .ts`,
  )
  const message =
    `${ignored.map(({ file }) => file).join(', ')}: not read, so their classes are no tools. ` +
    `Only the .ts and .mts files directly in tools/ are tool files: ${advice.join('; ')}`
  const key = `${rootDir}\n${message}`
  if (given.has(key)) return
  given.add(key)
  logger.warn(message)
}
