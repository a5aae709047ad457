import { createRequire } from 'node:module'
import type { createConsola } from 'consola'

/** Resolves from Portico's own folder, where consola is a dependency. */
const requireFromPortico = createRequire(import.meta.url)

/**
 * Consola with its reporters for a person, required on the first line written for one rather
 * than imported: it adds 15–25 ms to a cold start, and `portico start` writes JSON lines. A
 * bundle for workerd imports it instead (`load-consola-bundled.ts`, swapped in by the worker
 * build).
 */
export function loadConsola(): { createConsola: typeof createConsola } {
  return requireFromPortico('consola') as { createConsola: typeof createConsola }
}
