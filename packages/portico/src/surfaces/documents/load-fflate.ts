import { createRequire } from 'node:module'
import type { zipSync } from 'fflate'

/** Resolves from Portico's own folder, where fflate is a dependency. */
const requireFromPortico = createRequire(import.meta.url)

/**
 * fflate, required on the first zip rather than imported: it adds 10–15 ms to a cold start, and
 * zips are built on the first request for a document, never before `portico start` answers. A
 * bundle for workerd imports it instead (`load-fflate-bundled.ts`, swapped in by the worker
 * build).
 */
export function loadFflate(): { zipSync: typeof zipSync } {
  return requireFromPortico('fflate') as { zipSync: typeof zipSync }
}
