import { relative, sep } from 'node:path'

/** Folders whose changes never need a reload: dependencies, build output, static files. */
const IGNORED_FOLDERS = new Set(['node_modules', '.portico', '.git', 'public', 'dist'])

/** Files the supervisor owns: a change restarts the whole server instead. */
export const RESTART_FILES = new Set(['portico.config.ts', 'package.json'])

/**
 * Whether a path under the plugin folder holds source a reload depends on: TypeScript and JSON
 * outside the ignored folders, prompt templates and widget pages. Folders pass (`isFile` false or unknown) unless ignored, so the
 * watcher can descend into them.
 */
export function isWatchedSource(
  rootDir: string,
  path: string,
  isFile: boolean | undefined,
): boolean {
  const parts = relative(rootDir, path).split(sep)
  if (parts.some((part) => IGNORED_FOLDERS.has(part))) return false
  if (!isFile) return true
  const name = parts.join('/')
  if (RESTART_FILES.has(name)) return false
  if (/^(?:prompts\/.+\.md|widgets\/.+\.html)$/.test(name)) return true
  return /\.(?:m?ts|json)$/.test(name) && !/\.d\.m?ts$/.test(name)
}
