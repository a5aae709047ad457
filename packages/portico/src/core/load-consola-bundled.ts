// `load-consola.ts` for a bundle (`portico build --target worker`): the bundler includes what is
// imported, where the Node version requires at run time.
import { createConsola } from 'consola'

/** Consola, bundled. */
export function loadConsola(): { createConsola: typeof createConsola } {
  return { createConsola }
}
