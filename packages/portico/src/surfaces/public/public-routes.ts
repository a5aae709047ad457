import type { AuthMode } from '../../config/config-types.js'
import { authorFileHeaders, publicFileTrust } from '../../http/author-file-headers.js'
import { createFolderHandler, type FolderOptions } from '../../http/create-folder-handler.js'
import type { Route } from '../../http/route.js'

/** Options of {@link publicRoutes}: the plugin's `public/` folder and the mode. */
export interface PublicFolderOptions extends Pick<FolderOptions, 'rootDir' | 'dev'> {
  /**
   * The plugin's auth mode. In `portico-hub` and `custom` the origin holds the docs site's
   * tokens, so every file is served with `Content-Security-Policy: sandbox allow-scripts …`
   * (an opaque origin); in `anon` files are served as written. Required, so that no caller
   * leaves an authenticated plugin's files unsandboxed by omission.
   */
  auth: AuthMode
}

/** The plugin's `public/` folder as the last route: it answers every GET no other route took. */
export function publicRoutes(options: PublicFolderOptions): Route[] {
  const { auth, ...folder } = options
  const headers = authorFileHeaders(publicFileTrust(auth))
  return [{ method: 'GET', path: '*', handle: createFolderHandler({ ...folder, headers }) }]
}
