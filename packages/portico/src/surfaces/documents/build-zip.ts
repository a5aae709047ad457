import type { Zippable } from 'fflate'
import { explainUnportableName } from '../../core/explain-unportable-name.js'
import { PorticoError } from '../../core/portico-error.js'
import { loadFflate } from './load-fflate.js'

/** One file of an archive: its path inside the zip, its bytes, and whether it is executable. */
export interface ZipEntry {
  path: string
  bytes: Uint8Array
  executable?: boolean
}

/** 1980-01-01, the earliest time a zip can record: every build of the same files is byte-equal. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0)

/** APPNOTE 4.4.2.2: the entry was made on Unix, so unzippers apply the mode below. */
const UNIX = 3
/** A regular file's Unix mode, in the high 16 bits of the external attributes (APPNOTE 4.4.15). */
const FILE_ATTRS = 0o100644 * 0x10000
const EXECUTABLE_ATTRS = 0o100755 * 0x10000

/**
 * Builds a zip with deterministic bytes: entries sorted by path, one fixed modification time,
 * DEFLATE at one level, Unix modes 644, or 755 for an executable entry (a skill's script must
 * still run once unzipped). The same entries always give the same archive, so ETags stay stable.
 * Throws `PorticoError('execution')` for a path that would unpack outside the folder it is
 * unpacked in (zip-slip): absolute, with a `.` or `..` or empty segment, or holding `\` or `:`.
 * The model loaders refuse such names first, naming the file; this is the last line.
 */
export function buildZip(entries: ZipEntry[]): Uint8Array {
  const files: Zippable = {}
  for (const entry of [...entries].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  )) {
    checkZipPath(entry.path)
    const attrs = entry.executable ? EXECUTABLE_ATTRS : FILE_ATTRS
    files[entry.path] = [entry.bytes, { mtime: FIXED_MTIME, level: 6, os: UNIX, attrs }]
  }
  return loadFflate().zipSync(files)
}

function checkZipPath(path: string): void {
  const segments = path.split('/')
  const reason = segments.some((segment) => segment === '' || segment === '.' || segment === '..')
    ? 'it is absolute or has an empty, "." or ".." segment'
    : explainUnportableName(path)
  if (reason !== undefined) {
    // A loader missed it: a bug, not the caller's doing, so the message stays in the logs.
    throw new PorticoError('execution', `The zip entry "${path}" is refused: ${reason}`, {
      expose: false,
    })
  }
}
