// `load-fflate.ts` for a bundle (`portico build --target worker`): the bundler includes what is
// imported, where the Node version requires at run time.
import { zipSync } from 'fflate'

/** fflate, bundled. */
export function loadFflate(): { zipSync: typeof zipSync } {
  return { zipSync }
}
