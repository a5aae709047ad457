import { realpath } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import { isSafeSegment } from './decode-public-path.js'

/** Errors that mean "nothing servable here", as opposed to a broken server. */
const missingCodes = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENAMETOOLONG'])

/**
 * Resolves checked segments below a folder to the real path of an existing entry, following
 * symlinks, and returns `undefined` when nothing is there or when the real path leaves the
 * folder. `realRoot` must itself be a real path (the result of `fs.realpath`).
 *
 * The containment check runs on the real path, after every symlink is followed: a link inside
 * the folder that points at `/etc` or at the folder's own `.env` is refused like `../`.
 *
 * @example
 * await resolveSafePath('/srv/plugin/public', ['docs', 'index.html'])
 */
export async function resolveSafePath(
  realRoot: string,
  segments: readonly string[],
): Promise<string | undefined> {
  const real = await unlessMissing(realpath(join(realRoot, ...segments)))
  return real !== undefined && isInsideRoot(realRoot, real) ? real : undefined
}

/** True when `real` is `realRoot` or below it, and no step of the way is a dot-name. */
export function isInsideRoot(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real)
  if (rel === '') return true
  if (isAbsolute(rel)) return false
  return rel.split(sep).every(isSafeSegment)
}

/** True for a file-system error that should read as 404, not 500. */
export function isMissingError(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false
  return typeof error.code === 'string' && missingCodes.has(error.code)
}

/** What `operation` resolves to, or `undefined` when it fails because nothing is there. */
export async function unlessMissing<T>(operation: Promise<T>): Promise<T | undefined> {
  try {
    return await operation
  } catch (error) {
    if (isMissingError(error)) return undefined
    throw error
  }
}
