import type { Route } from '../../http/route.js'
import { createFolderHandler, type FolderOptions } from '../../http/serve-folder.js'

/** Options of {@link publicRoutes}: the plugin's `public/` folder and the mode. */
export type PublicFolderOptions = Pick<FolderOptions, 'rootDir' | 'dev'>

/** The plugin's `public/` folder as the last route: it answers every GET no other route took. */
export function publicRoutes(options: PublicFolderOptions): Route[] {
  return [{ method: 'GET', path: '*', handle: createFolderHandler(options) }]
}
