import { relative, sep } from 'node:path'

/** Folders never read into the model: dependencies, build output, version control. */
const IGNORED_FOLDERS = new Set(['node_modules', '.portico', '.git', 'dist'])

/**
 * Files the supervisor owns: a change starts a new worker instead of a reload, since a changed
 * `package.json` may bring new dependencies that only fresh module caches see. The config
 * reloads in place like any source: everything it sets is read again on each load.
 */
const RESTART_FILES = new Set(['package.json'])

/** Folders read whole into the model: any file in them counts (a skill's scripts, say). */
const MODEL_FOLDERS = new Set(['prompts', 'skills', 'agents', 'widgets', 'resources'])

/** Whether a change to this plugin-relative path (`/`-separated) restarts the worker. */
export function isRestartFile(name: string): boolean {
  return RESTART_FILES.has(name)
}

/**
 * Whether a path under the plugin folder is an input of the model, so a change to it must show:
 * the config and `package.json`, `README.md`, any file under `prompts/`, `skills/`, `agents/`,
 * `widgets/`, `resources/` and `public/icons/`, code and JSON anywhere else (tools, what they and the config
 * import, `tsconfig.json`) and images (the config's `style.icons` may name one anywhere). The
 * rest of `public/` is served as is, and read on each request. Folders pass (`isFile` false or
 * unknown) unless ignored, so the watcher can descend into them.
 */
export function isModelInput(rootDir: string, path: string, isFile: boolean | undefined): boolean {
  const parts = relative(rootDir, path).split(sep)
  if (parts.some((part) => IGNORED_FOLDERS.has(part))) return false
  if (parts[0] === 'public' && parts.length > 1 && parts[1] !== 'icons') return false
  if (!isFile) return true
  const name = parts.join('/')
  if (name === 'README.md' || MODEL_FOLDERS.has(parts[0] ?? '') || name.startsWith('public/')) {
    return true
  }
  if (/\.(?:svg|png|jpe?g|webp|gif|ico)$/i.test(name)) return true
  return /\.(?:[cm]?[jt]s|json)$/.test(name) && !/\.d\.[cm]?ts$/.test(name)
}
