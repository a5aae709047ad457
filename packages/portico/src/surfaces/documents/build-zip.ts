import type { Zippable } from 'fflate'
import { loadFflate } from './load-fflate.js'

/** One file of an archive: its path inside the zip and its bytes. */
export interface ZipEntry {
  path: string
  bytes: Uint8Array
}

/** 1980-01-01, the earliest time a zip can record: every build of the same files is byte-equal. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0)

/**
 * Builds a zip with deterministic bytes: entries sorted by path, one fixed modification time,
 * DEFLATE at one level. The same entries always give the same archive, so ETags stay stable.
 */
export function buildZip(entries: ZipEntry[]): Uint8Array {
  const files: Zippable = {}
  for (const entry of [...entries].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  )) {
    files[entry.path] = [entry.bytes, { mtime: FIXED_MTIME, level: 6 }]
  }
  return loadFflate().zipSync(files)
}
